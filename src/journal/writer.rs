//! Writing a journal: one writer, holding the file's lock; every write
//! whole lines, chained and timed, synced before it returns; a failed
//! write cut back, and a journal that cannot be cut back refusing more; a
//! crash's unfinished end repaired when the journal is next opened.
//!
//! A step (what one key does: an entry and the player clock it stops, or
//! the hand's end, the next hand begun and its header) is one `Step`,
//! written in one call: its first byte is written as the pending mark
//! (`?`, see `PENDING`) and turned into the record's `{` only once the
//! whole step is synced, so that a step whose write or sync failed, or
//! that a crash cut off, is told from one the screen showed as taken, and
//! the next start drops it whole.

use std::fs::{File, OpenOptions};
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use super::record::object;
use super::{
    Clock, HandHeader, Head, HouseRecord, JOURNAL_FORMAT, JournalError, Loaded, PENDING, Seal,
    SessionRecord, SystemClock, chain, parse,
};
use crate::rules::HouseRules;
use crate::table::hand::Entry;

/// Faults to inject into a journal's writes (tests only): the next write
/// stops after `write_after` bytes with an error, or once the file would
/// pass `space` bytes (a disk that fills: what fits is written), or its
/// sync fails when `sync_fails`; cutting it back fails when `cut_fails`.
/// Each but `cut_fails` hits one write, then is gone.
#[doc(hidden)]
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Faults {
    /// Fail the next write after this many of its bytes.
    pub write_after: Option<usize>,
    /// The most bytes the file may hold: the write that would pass it
    /// writes what fits and fails, as on a full disk.
    pub space: Option<u64>,
    /// Fail the next write's sync (its bytes written whole).
    pub sync_fails: bool,
    /// Fail every cut back.
    pub cut_fails: bool,
}

/// Records to write together, all or none (see the module doc): built
/// first, then written by `Journal::write_step`.
#[derive(Debug, Default, Clone)]
pub struct Step {
    objects: Vec<String>,
}

impl Step {
    /// An empty step.
    pub fn new() -> Step {
        Step::default()
    }

    /// Whether the step holds no record.
    pub fn is_empty(&self) -> bool {
        self.objects.is_empty()
    }

    /// Adds a new hand: its header and first entry, and its seal if the
    /// start already finished it.
    pub fn hand(
        &mut self,
        header: &HandHeader,
        first: &Entry,
        seal: Option<&Seal>,
    ) -> Result<(), JournalError> {
        self.objects.push(object("hand", header)?);
        self.entries(std::slice::from_ref(first), seal)
    }

    /// Adds entries of the current hand, and the hand's seal if they
    /// finish it.
    pub fn entries(&mut self, entries: &[Entry], seal: Option<&Seal>) -> Result<(), JournalError> {
        for entry in entries {
            self.objects.push(object("entry", entry)?);
        }
        if let Some(seal) = seal {
            self.objects.push(object("seal", seal)?);
        }
        Ok(())
    }

    /// Adds a table record.
    pub fn table(&mut self, record: &super::TableRecord) -> Result<(), JournalError> {
        self.objects.push(object("table", record)?);
        Ok(())
    }
}

/// How to open a journal.
#[derive(Debug, Clone, Default)]
pub struct JournalOptions {
    /// Where times come from (default: the system clock).
    pub clock: Option<Arc<dyn Clock>>,
    /// The table's name for session records (default: the journal's file
    /// name without its extension).
    pub table: Option<String>,
}

/// A journal open for appending, with its lock held.
#[derive(Debug)]
pub struct Journal {
    path: PathBuf,
    file: File,
    len: u64,
    head: Head,
    table: String,
    clock: Arc<dyn Clock>,
    /// The house of the last session record this run wrote.
    house: Option<HouseRecord>,
    unusable: Option<String>,
    repaired: Option<String>,
    faults: Faults,
    /// This run created the file.
    created: bool,
}

impl Drop for Journal {
    /// A journal this run created and never wrote a byte to is removed: a
    /// start that fails (no terminal, a table refused) leaves no empty
    /// journal behind.
    fn drop(&mut self) {
        if self.created && self.len == 0 {
            let _ = std::fs::remove_file(&self.path);
        }
    }
}

impl Journal {
    /// Opens the journal at `path` for appending, with the system clock.
    pub fn open(path: &Path) -> Result<(Journal, Loaded), JournalError> {
        Journal::open_with(path, JournalOptions::default())
    }

    /// Opens the journal at `path` for appending, creating it (and its
    /// folder) if needed: takes its lock (refused at once if another
    /// floorcall holds it), reads and checks what is there, and repairs the
    /// end of a write that a crash cut off. Any other damage is an error
    /// and the file is left as it was.
    pub fn open_with(
        path: &Path,
        options: JournalOptions,
    ) -> Result<(Journal, Loaded), JournalError> {
        let io_err = |doing: &'static str| {
            move |source| JournalError::Io {
                path: path.to_path_buf(),
                doing,
                source,
            }
        };
        let dir = path.parent().filter(|d| !d.as_os_str().is_empty());
        // The folders created for it, outermost first, to sync after.
        let mut created: Vec<&Path> = dir
            .into_iter()
            .flat_map(Path::ancestors)
            .take_while(|d| !d.as_os_str().is_empty() && !d.exists())
            .collect();
        created.reverse();
        if let Some(dir) = dir {
            std::fs::create_dir_all(dir).map_err(io_err("creating the folder of"))?;
        }
        // What is there is checked before anything opens it: a FIFO or a
        // device is refused, never waited on or read for ever.
        let existed = match crate::files::check_regular(path) {
            Ok(_) => true,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => false,
            Err(e) => return Err(io_err("opening")(e)),
        };
        let mut file = OpenOptions::new()
            .create(true)
            .read(true)
            .write(true)
            .truncate(false)
            .open(path)
            .map_err(io_err("opening"))?;
        // A lock can be held for an instant by a process this one is
        // starting (a fork holds the open file until its exec closes it):
        // a few short tries, 100 ms in all, before the journal is taken to
        // be another floorcall's.
        let mut tries = 0;
        loop {
            match fs4::FileExt::try_lock(&file) {
                Ok(()) => break,
                Err(fs4::TryLockError::WouldBlock) if tries < 5 => {
                    tries += 1;
                    std::thread::sleep(std::time::Duration::from_millis(20));
                }
                Err(fs4::TryLockError::WouldBlock) => {
                    return Err(JournalError::Locked {
                        path: path.to_path_buf(),
                    });
                }
                Err(fs4::TryLockError::Error(source)) => {
                    return Err(io_err("locking")(source));
                }
            }
        }
        if !existed {
            // The new file's name (and any folder made for it) must survive
            // a power cut too: each is synced in the folder that holds it.
            for made in &created {
                let holder = made.parent().filter(|p| !p.as_os_str().is_empty());
                sync_folder(holder.unwrap_or(Path::new(".")))
                    .map_err(io_err("syncing the folder of"))?;
            }
            sync_folder(dir.unwrap_or(Path::new("."))).map_err(io_err("syncing the folder of"))?;
        }
        let mut bytes = Vec::new();
        file.read_to_end(&mut bytes).map_err(io_err("reading"))?;
        let loaded = parse(path, &bytes)?;
        // What the table goes on from is checked as `verify` checks it
        // before anything is repaired: a journal it refuses is left as it
        // was.
        let house = |name: &str| HouseRules::load(name).map_err(|e| e.to_string());
        super::verify::check_for_start(path, &bytes, &house).map_err(|e| match e {
            super::verify::VerifyError::Journal(e) => e,
            other => JournalError::Corrupt {
                path: path.to_path_buf(),
                line: 0,
                reason: other.to_string(),
            },
        })?;
        let table = options.table.unwrap_or_else(|| {
            path.file_stem()
                .map(|s| s.to_string_lossy().into_owned())
                .unwrap_or_else(|| "table".into())
        });
        let mut journal = Journal {
            path: path.to_path_buf(),
            file,
            len: loaded.good_len,
            head: loaded.head,
            table,
            clock: options.clock.unwrap_or_else(|| Arc::new(SystemClock)),
            house: None,
            unusable: None,
            repaired: None,
            faults: Faults::default(),
            created: !existed,
        };
        journal.repair(&loaded)?;
        if !loaded.is_chained() {
            // The chain's first record will link to every byte before it,
            // the newline a repair added included.
            let mut kept = bytes[..loaded.good_len as usize].to_vec();
            if loaded.unterminated.is_some() {
                kept.push(b'\n');
            }
            journal.head = Head::genesis(&kept);
        }
        Ok((journal, loaded))
    }

    /// Cuts what a crash left unfinished, ends a kept last record with its
    /// newline, and seals a finished hand whose seal was cut off.
    fn repair(&mut self, loaded: &Loaded) -> Result<(), JournalError> {
        let mut said = Vec::new();
        if loaded.file_len != loaded.good_len {
            self.file
                .set_len(loaded.good_len)
                .map_err(|source| self.io("cutting the unfinished end of", source))?;
            if let Some(d) = &loaded.dropped {
                said.push(format!(
                    "dropped line {} on ({} bytes: {})",
                    d.line, d.bytes, d.what
                ));
            }
        }
        if let Some(line) = loaded.unterminated {
            self.write_raw(b"\n")
                .map_err(|source| self.io("ending the last line of", source))?;
            said.push(format!(
                "kept line {line}, whole but for its newline, and ended it"
            ));
        }
        if let Some(hand) = loaded.unsealed_last() {
            let state = crate::table::hand::replay(&hand.entries);
            if let Some(seal) = Seal::of(hand.header.number, &hand.entries, &state) {
                self.write_records(vec![object("seal", &seal)?])?;
                said.push(format!(
                    "sealed hand {} again (it was over, its seal cut off)",
                    hand.header.number
                ));
            }
        }
        if !said.is_empty() {
            self.file
                .sync_data()
                .map_err(|source| self.io("syncing", source))?;
            let text = said.join("; ");
            // Short: the status line shows one line.
            self.repaired = Some(format!("Journal repaired on start: {text}."));
        }
        Ok(())
    }

    fn io(&self, doing: &'static str, source: io::Error) -> JournalError {
        JournalError::Io {
            path: self.path.clone(),
            doing,
            source,
        }
    }

    /// The journal file.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The chain's head: the hash of the last record written.
    pub fn head(&self) -> Head {
        self.head
    }

    /// Why the journal takes nothing more in this run, if it does not.
    pub fn unusable(&self) -> Option<&str> {
        self.unusable.as_deref()
    }

    /// What opening the journal repaired, as a sentence for the screen.
    pub fn repaired(&self) -> Option<&str> {
        self.repaired.as_deref()
    }

    /// The journal's state in a few words for the top of the screen: its
    /// head, or that it is unusable.
    pub fn summary(&self) -> String {
        match &self.unusable {
            Some(_) => "UNUSABLE: quit and restart".into(),
            None => format!("head {}", self.head.short()),
        }
    }

    /// Sets faults for the next writes (tests only).
    #[doc(hidden)]
    pub fn inject_faults(&mut self, faults: Faults) {
        self.faults = faults;
    }

    /// Writes a new hand: a session record first if the house differs from
    /// the last this run wrote, then the hand's header and first entry, and
    /// its seal if the start already finished it.
    pub fn begin_hand(
        &mut self,
        rules: &HouseRules,
        header: &HandHeader,
        first: &Entry,
        seal: Option<&Seal>,
    ) -> Result<(), JournalError> {
        let mut step = Step::new();
        step.hand(header, first, seal)?;
        self.write_step(rules, step)
    }

    /// Appends entries of the current hand (after a session record if this
    /// run has not written one for these rules), and the hand's seal if
    /// they finish it.
    pub fn append(
        &mut self,
        rules: &HouseRules,
        entries: &[Entry],
        seal: Option<&Seal>,
    ) -> Result<(), JournalError> {
        let mut step = Step::new();
        step.entries(entries, seal)?;
        self.write_step(rules, step)
    }

    /// Writes the records of `step` in one call, all or none (after a
    /// session record if this run has not written one for these rules):
    /// when this returns `Ok`, every one is on the disk; when it fails,
    /// none is, or the journal is unusable and the next start drops them.
    pub fn write_step(&mut self, rules: &HouseRules, step: Step) -> Result<(), JournalError> {
        if step.is_empty() {
            return Ok(());
        }
        let mut objects = Vec::with_capacity(step.objects.len() + 1);
        let house = self.session_for(rules, &mut objects)?;
        objects.extend(step.objects);
        self.write_records(objects)?;
        if house.is_some() {
            self.house = house;
        }
        Ok(())
    }

    /// The journal clock's time now, in milliseconds since 1970 (what the
    /// level and player clocks run on).
    pub fn now_ms(&self) -> i64 {
        self.clock.now().unix_ms
    }

    /// Appends a table record (a session line and what it did), after a
    /// session record if this run has not written one for these rules.
    pub fn append_table(
        &mut self,
        rules: &HouseRules,
        record: &super::TableRecord,
    ) -> Result<(), JournalError> {
        let mut step = Step::new();
        step.table(record)?;
        self.write_step(rules, step)
    }

    /// Adds a session record to `objects` when this run has not written one
    /// for `rules`; returns the house it records.
    fn session_for(
        &self,
        rules: &HouseRules,
        objects: &mut Vec<String>,
    ) -> Result<Option<HouseRecord>, JournalError> {
        if self.house.as_ref().is_some_and(|h| h.is_of(rules)) {
            return Ok(None);
        }
        let house = HouseRecord::of(rules);
        objects.push(object(
            "session",
            &SessionRecord {
                format: JOURNAL_FORMAT,
                table: self.table.clone(),
                floorcall: env!("CARGO_PKG_VERSION").to_string(),
                house: house.clone(),
            },
        )?);
        Ok(Some(house))
    }

    /// Stamps and chains `objects` and writes them in one call.
    fn write_records(&mut self, objects: Vec<String>) -> Result<(), JournalError> {
        if let Some(reason) = &self.unusable {
            return Err(JournalError::Unusable {
                path: self.path.clone(),
                reason: reason.clone(),
            });
        }
        let now = self.clock.now();
        let times = format!(
            ",\"time\":\"{}\",\"offset\":\"{}\"}}",
            now.utc_text(),
            now.offset_text()
        );
        let mut head = self.head;
        let mut text = String::new();
        for object in objects {
            let open = object.strip_suffix('}').unwrap_or(&object);
            let (line, hash) = chain::seal_line(&head, &format!("{open}{times}"));
            text.push_str(&line);
            head = hash;
        }
        self.write_lines(text.as_bytes())?;
        self.head = head;
        Ok(())
    }

    /// Writes whole lines (a step) in one call: its first byte written as
    /// `PENDING`, the lines synced, then the first byte made what it is and
    /// synced again; only then has the step been written. On failure the
    /// file is cut back to where it was; if that fails too, the journal is
    /// unusable for the rest of the run, and the step, still marked
    /// pending, is dropped by the next start.
    fn write_lines(&mut self, bytes: &[u8]) -> Result<(), JournalError> {
        let Some((&first, rest)) = bytes.split_first() else {
            return Ok(());
        };
        let mut pending = Vec::with_capacity(bytes.len());
        pending.push(PENDING);
        pending.extend_from_slice(rest);
        let written = self
            .put(self.len, &pending)
            .and_then(|()| self.sync())
            .and_then(|()| self.put(self.len, &[first]))
            .and_then(|()| self.sync());
        let Err(source) = written else {
            self.len += bytes.len() as u64;
            return Ok(());
        };
        let cut = if self.faults.cut_fails {
            Err(io::Error::other("the cut was made to fail"))
        } else {
            self.file
                .set_len(self.len)
                .and_then(|()| self.file.sync_data())
        };
        match cut {
            Ok(()) => Err(JournalError::Io {
                path: self.path.clone(),
                doing: "writing",
                source,
            }),
            Err(cut) => {
                // The mark may have been made before a sync failed: made
                // pending again where the disk takes it, so that the next
                // start drops the step.
                let _ = self.put(self.len, &[PENDING]).and_then(|()| self.sync());
                let reason = format!(
                    "writing failed: {source}; cutting the unfinished write back failed too: {cut}"
                );
                self.unusable = Some(reason.clone());
                Err(JournalError::Unusable {
                    path: self.path.clone(),
                    reason,
                })
            }
        }
    }

    /// Writes `bytes` at the end and syncs them; the length moves on only
    /// when both succeed.
    fn write_raw(&mut self, bytes: &[u8]) -> io::Result<()> {
        self.put(self.len, bytes)?;
        self.sync()?;
        self.len += bytes.len() as u64;
        Ok(())
    }

    /// Writes `bytes` at `offset` (the faults of a write injected).
    fn put(&mut self, offset: u64, bytes: &[u8]) -> io::Result<()> {
        use std::io::{Seek, SeekFrom};
        self.file.seek(SeekFrom::Start(offset))?;
        if let Some(after) = self.faults.write_after.take() {
            self.file.write_all(&bytes[..after.min(bytes.len())])?;
            return Err(io::Error::other("the write was made to fail"));
        }
        let end = offset + bytes.len() as u64;
        if let Some(space) = self.faults.space.filter(|space| end > *space) {
            self.faults.space = None;
            let fits = space.saturating_sub(offset).min(bytes.len() as u64) as usize;
            self.file.write_all(&bytes[..fits])?;
            return Err(io::Error::new(
                io::ErrorKind::StorageFull,
                "no space left on the device (made to fail)",
            ));
        }
        self.file.write_all(bytes)
    }

    /// Syncs the file's data (the sync's fault injected).
    fn sync(&mut self) -> io::Result<()> {
        if std::mem::take(&mut self.faults.sync_fails) {
            return Err(io::Error::other("the sync was made to fail"));
        }
        self.file.sync_data()
    }
}

/// Syncs a folder, so a file created in it survives a power cut.
fn sync_folder(dir: &Path) -> io::Result<()> {
    #[cfg(unix)]
    {
        File::open(dir)?.sync_all()
    }
    #[cfg(not(unix))]
    {
        let _ = dir;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::table::{Chips, Seat};

    #[test]
    fn a_record_object_begins_with_its_kind() {
        let seal = Seal {
            hand: 3,
            entries: 9,
            stacks: vec![(Seat::from_index(0), Chips(1_500))],
        };
        let o = object("seal", &seal).expect("encodes");
        assert_eq!(
            o,
            "{\"record\":\"seal\",\"hand\":3,\"entries\":9,\"stacks\":[[1,1500]]}"
        );
        assert!(o.starts_with("{\"record\":\"seal\","));
    }
}
