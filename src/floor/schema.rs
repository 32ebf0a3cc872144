//! `floor init`: the schema (its migrations: `migrate`), and the roles of
//! a tournament's tables and floor; and the floor's own records written.

use std::io::Write;
use std::path::{Path, PathBuf};

use postgres::Client;
use rand::Rng;

use super::connect::passfile_line;
use super::migrate::migrate;
use super::rows::Row;
use super::{FloorError, check_name, floor_role, table_role};
use crate::journal::chain::{self, Head};
use crate::table::event::EVENT_VERSION;

/// What `init` is to set up.
#[derive(Debug, Clone, Default)]
pub struct InitOptions {
    /// The tournament.
    pub tournament: String,
    /// Its tables' names.
    pub tables: Vec<String>,
    /// Where to write a new password for each role, as a libpq password
    /// file (mode 0600, never an existing file); `None`: the roles keep the
    /// passwords they have (new ones have none: a local connection that
    /// the server trusts, or one the administrator sets).
    pub passfile: Option<PathBuf>,
    /// Where to write each role's new password in a file of its own
    /// (`<role>.pgpass`, mode 0600, in this folder, made 0700 if new): a
    /// table's machine gets only its own file (`PGPASSFILE`), so no table
    /// holds another's password.
    pub passdir: Option<PathBuf>,
}

/// What `init` did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Initialised {
    /// The migrations applied now (none: the schema was up to date).
    pub applied: Vec<String>,
    /// The roles made or bound: the floor's first, then each table's.
    pub roles: Vec<String>,
}

/// Creates or upgrades the schema, then makes each table's role and the
/// floor's, bound to their rows. Run as a role that may create roles (the
/// database's owner with CREATEROLE, or a superuser). Running it again
/// changes nothing that is there and adds what is new.
pub fn init(client: &mut Client, options: &InitOptions) -> Result<Initialised, FloorError> {
    check_name(&options.tournament)?;
    for t in &options.tables {
        check_name(t)?;
    }
    let applied = migrate(client)?;
    let mut roles = vec![(floor_role(&options.tournament), None)];
    for t in &options.tables {
        roles.push((table_role(&options.tournament, t), Some(t.as_str())));
    }
    let mut passwords = String::new();
    let mut lines: Vec<(String, String)> = Vec::new();
    let db: String = client.query_one("SELECT current_database()", &[])?.get(0);
    let new_passwords = options.passfile.is_some() || options.passdir.is_some();
    // The folder first: a folder that cannot be made changes nothing.
    if let Some(dir) = &options.passdir {
        make_passdir(dir)?;
    }
    let mut tx = client.transaction()?;
    // The event version this release's floor reads (never lowered by an
    // earlier release's `floor init`).
    tx.execute(
        "INSERT INTO floorcall.meta (key, value) VALUES ('event-version', $1) \
         ON CONFLICT (key) DO UPDATE SET value = GREATEST(floorcall.meta.value::int, EXCLUDED.value::int)::text",
        &[&EVENT_VERSION.to_string()],
    )?;
    for (role, table) in &roles {
        let verifier = new_passwords.then(|| {
            let password: String = rand::rng()
                .sample_iter(rand::distr::Alphanumeric)
                .take(24)
                .map(char::from)
                .collect();
            let line = passfile_line(&db, role, &password);
            passwords.push_str(&line);
            lines.push((role.clone(), line));
            postgres_protocol::password::scram_sha_256(password.as_bytes())
        });
        tx.execute(
            "SELECT floorcall.bind_role($1, $2, $3, $4)",
            &[role, &options.tournament, table, &verifier],
        )?;
    }
    if let Some(path) = &options.passfile {
        write_passfile(path, &passwords)?;
    }
    if let Some(dir) = &options.passdir {
        for (role, line) in &lines {
            write_passfile(&dir.join(format!("{role}.pgpass")), line)?;
        }
    }
    tx.commit()?;
    Ok(Initialised {
        applied,
        roles: roles.into_iter().map(|(r, _)| r).collect(),
    })
}

/// The event version the floor's database says its floor reads: 1 where
/// it says none (set up by a release before the versions were recorded).
fn floor_reads(client: &mut Client) -> Result<u32, FloorError> {
    let has_meta: bool = client
        .query_one("SELECT to_regclass('floorcall.meta') IS NOT NULL", &[])?
        .get(0);
    if !has_meta {
        return Ok(1);
    }
    let row = client.query_opt(
        "SELECT value FROM floorcall.meta WHERE key = 'event-version'",
        &[],
    )?;
    Ok(row
        .and_then(|r| r.get::<_, String>(0).parse().ok())
        .unwrap_or(1))
}

/// A table about to send: refused at once, both versions named, when the
/// floor's database was set up for a floor that cannot read the event
/// version this table writes.
pub fn check_table_may_send(client: &mut Client) -> Result<(), FloorError> {
    let reads = floor_reads(client)?;
    if reads < EVENT_VERSION {
        return Err(FloorError::Refused(format!(
            "the floor's database was set up by a floorcall that reads hands of event version {reads} at most, and this table writes version {EVENT_VERSION}: run this release's `floor init` on it (it keeps every row) and use this release's floor"
        )));
    }
    Ok(())
}

/// The TD's floor about to read: refused at once, both versions named,
/// when the database was set up for a later floor than this one.
pub fn check_floor_may_read(client: &mut Client) -> Result<(), FloorError> {
    let reads = floor_reads(client)?;
    if reads > EVENT_VERSION {
        return Err(FloorError::Refused(format!(
            "the floor's database was set up by a later floorcall (hands of event version {reads}), and this floor reads version {EVENT_VERSION} at most: use that release's floor"
        )));
    }
    Ok(())
}

/// The folder of the roles' password files: made (mode 0700) when it is
/// not there; one that is must be a folder.
fn make_passdir(dir: &Path) -> Result<(), FloorError> {
    if dir.is_dir() {
        return Ok(());
    }
    let mut builder = std::fs::DirBuilder::new();
    #[cfg(unix)]
    std::os::unix::fs::DirBuilderExt::mode(&mut builder, 0o700);
    builder.create(dir).map_err(|e| {
        FloorError::Io(format!(
            "{}: the folder for the password files cannot be made: {e}",
            dir.display()
        ))
    })
}

/// Writes a new password file, readable by its owner only.
fn write_passfile(path: &Path, text: &str) -> Result<(), FloorError> {
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
    let io = |e: std::io::Error| {
        FloorError::Io(format!(
            "{}: writing the password file failed: {e} (it must not exist yet).",
            path.display()
        ))
    };
    let mut file = options.open(path).map_err(io)?;
    file.write_all(text.as_bytes()).map_err(io)?;
    file.sync_all().map_err(io)
}

/// What sending one record did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Sent {
    /// Stored.
    New,
    /// Already held, with this hash: nothing done.
    Same,
    /// Held with another hash: the fork recorded, the row refused.
    Fork,
}

/// Sends one record of `table` (`None`: the floor's) through
/// `floorcall.append`.
pub(crate) fn append(
    client: &mut impl postgres::GenericClient,
    tournament: &str,
    table: Option<&str>,
    row: &Row,
) -> Result<Sent, postgres::Error> {
    let said: String = client
        .query_one(
            "SELECT floorcall.append($1, $2, $3, $4, $5, $6)",
            &[
                &tournament,
                &table,
                &row.seq,
                &row.prev.0.as_slice(),
                &row.hash.0.as_slice(),
                &row.line,
            ],
        )?
        .get(0);
    Ok(match said.as_str() {
        "new" => Sent::New,
        "same" => Sent::Same,
        _ => Sent::Fork,
    })
}

/// Appends one of the floor's own records (a draw, a move, the clock: a
/// JSON object, `{...}`, whose members are the caller's) to the
/// tournament's floor chain, as the floor's role; returns it as stored.
pub fn append_floor_record(
    client: &mut Client,
    tournament: &str,
    object: &str,
) -> Result<Row, FloorError> {
    if !object.starts_with('{') || !object.ends_with('}') || object.contains('\n') {
        return Err(FloorError::Io(
            "a floor record is one JSON object on one line".into(),
        ));
    }
    let mut tx = client.transaction()?;
    let last = tx.query_opt(
        "SELECT seq, hash FROM floorcall.floor_records WHERE tournament = $1 ORDER BY seq DESC LIMIT 1",
        &[&tournament],
    )?;
    let (seq, prev) = match last {
        Some(r) => {
            let hash: Vec<u8> = r.get(1);
            (r.get::<_, i64>(0) + 1, head_of(&hash).unwrap_or_default())
        }
        None => (0, Head::default()),
    };
    let (line, hash) = chain::seal_line(&prev, object);
    let row = Row {
        seq,
        prev,
        hash,
        line: line.trim_end_matches('\n').to_string(),
    };
    match append(&mut tx, tournament, None, &row)? {
        Sent::New => {
            tx.commit()?;
            Ok(row)
        }
        _ => Err(FloorError::Db(format!(
            "floor record {seq} was written by another floor at the same time"
        ))),
    }
}

/// A hash read from the database (32 bytes).
pub(crate) fn head_of(bytes: &[u8]) -> Option<Head> {
    <[u8; 32]>::try_from(bytes).ok().map(Head)
}
