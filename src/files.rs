//! The user's files as floorcall reads them: scenario files, house-rules
//! files, journals and the key map are regular files, checked as such
//! before they are opened.
//!
//! Opening a FIFO for reading waits for a writer, and a device such as
//! `/dev/zero` or `/dev/urandom` never ends: given one by mistake, a reader
//! would hang or fill the memory. The metadata says what a path is without
//! opening it, so anything but a regular file is refused with an error that
//! names what it is.

use std::fs::{File, Metadata};
use std::io::{self, Read};
use std::path::{Path, PathBuf};
use std::thread;

/// Checks that `path` names a regular file (symbolic links followed): the
/// metadata's error if it cannot be read, an `InvalidInput` error naming
/// what it is if it is something else.
pub fn check_regular(path: &Path) -> io::Result<Metadata> {
    let metadata = std::fs::metadata(path)?;
    if metadata.is_file() {
        Ok(metadata)
    } else {
        Err(not_regular(&metadata))
    }
}

/// Reads a regular file as UTF-8 text, refusing anything else before it is
/// opened.
pub fn read_text(path: &Path) -> io::Result<String> {
    check_regular(path)?;
    std::fs::read_to_string(path)
}

/// Reads a regular file's bytes, refusing anything else before it is
/// opened.
pub fn read_bytes(path: &Path) -> io::Result<Vec<u8>> {
    check_regular(path)?;
    let mut bytes = Vec::new();
    File::open(path)?.read_to_end(&mut bytes)?;
    Ok(bytes)
}

/// Reads each file as text and hands it to `each`, on as many threads as
/// the machine has cores (files in contiguous runs, one run per thread):
/// the results in the order of `paths`. Reading and parsing thousands of
/// small files (an import of hand histories) is otherwise one core's work
/// waiting on the other's idle time. Each is refused before it is opened
/// if it is not a regular file.
///
/// Each thread reads its files into one buffer of its own, kept from file
/// to file, and makes one `scratch` (`make_scratch()`) that `each` is
/// handed with every file: whatever a caller keeps from one file to the
/// next (an importer's hand state) is made once a thread, not once a file.
pub fn read_each<S, T: Send>(
    paths: &[PathBuf],
    make_scratch: impl Fn() -> S + Sync,
    each: impl Fn(&mut S, &Path, io::Result<&str>) -> T + Sync,
) -> Vec<T> {
    parallel_with(
        paths,
        || (Vec::new(), make_scratch()),
        |(buffer, scratch), path| {
            let text = read_into(path, buffer).and_then(|()| {
                std::str::from_utf8(buffer).map_err(|e| {
                    io::Error::new(
                        io::ErrorKind::InvalidData,
                        format!("it is not UTF-8 text ({e})"),
                    )
                })
            });
            each(scratch, path, text)
        },
    )
}

/// Reads a regular file's bytes into `buffer` (emptied first, its room
/// kept), refusing anything else before it is opened. The size the
/// check of the file found is the room made: one read fills it, and one
/// more finds the end (a file that grew since is read to its end).
fn read_into(path: &Path, buffer: &mut Vec<u8>) -> io::Result<()> {
    let size = usize::try_from(check_regular(path)?.len()).unwrap_or(0);
    let mut file = File::open(path)?;
    buffer.clear();
    // A byte over the size, so that the read finding the end has room.
    buffer.resize(size.saturating_add(1), 0);
    let mut filled = 0;
    loop {
        if filled == buffer.len() {
            buffer.resize(buffer.len() * 2, 0);
        }
        match file.read(&mut buffer[filled..]) {
            Ok(0) => break,
            Ok(n) => filled += n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => {
                buffer.clear();
                return Err(e);
            }
        }
    }
    buffer.truncate(filled);
    Ok(())
}

/// The files under `paths` whose extension is one of `extensions` (a path
/// that is not a folder is taken as given), each folder's in name order.
/// Folders are told from files by the entries' types as the folder lists
/// them, without a `stat` a file (a symbolic link is followed to see what
/// it is); the subfolders of a folder are walked on as many threads as
/// the machine has cores, and their files put back in order.
pub fn find(paths: &[PathBuf], extensions: &[&str]) -> Result<Vec<PathBuf>, String> {
    let mut files = Vec::new();
    for path in paths {
        if path.is_dir() {
            files.extend(walk(path, extensions)?);
        } else {
            files.push(path.clone());
        }
    }
    Ok(files)
}

/// One folder's files with `extensions`, its subfolders' in their place.
fn walk(dir: &Path, extensions: &[&str]) -> Result<Vec<PathBuf>, String> {
    let unreadable = |e: io::Error| {
        format!(
            "floorcall: the folder {} cannot be read: {e}.",
            dir.display()
        )
    };
    let mut found = Vec::new();
    for entry in std::fs::read_dir(dir).map_err(unreadable)? {
        let entry = entry.map_err(unreadable)?;
        let file_type = entry.file_type().map_err(unreadable)?;
        let path = entry.path();
        let is_dir = file_type.is_dir() || (file_type.is_symlink() && path.is_dir());
        found.push((path, is_dir));
    }
    found.sort_unstable();
    let wanted = |path: &Path| {
        path.extension()
            .and_then(|x| x.to_str())
            .is_some_and(|x| extensions.contains(&x))
    };
    let folders = found.iter().filter(|(_, is_dir)| *is_dir).count();
    if folders < 2 {
        let mut files = Vec::new();
        for (path, is_dir) in found {
            if is_dir {
                files.extend(walk(&path, extensions)?);
            } else if wanted(&path) {
                files.push(path);
            }
        }
        return Ok(files);
    }
    // Each subfolder on a worker, in contiguous runs; the results come
    // back in the folder's order.
    let subfolders: Vec<&Path> = found
        .iter()
        .filter(|(_, is_dir)| *is_dir)
        .map(|(p, _)| p.as_path())
        .collect();
    let mut walked = parallel(&subfolders, |sub| walk(sub, extensions)).into_iter();
    let mut files = Vec::new();
    for (path, is_dir) in found {
        if is_dir {
            files.extend(walked.next().unwrap_or_else(|| Ok(Vec::new()))?);
        } else if wanted(&path) {
            files.push(path);
        }
    }
    Ok(files)
}

/// `each` of every item, on as many threads as the machine has cores
/// (items in contiguous runs, one run a thread): the results in the order
/// of `items`.
fn parallel<I: Sync, T: Send>(items: &[I], each: impl Fn(&I) -> T + Sync) -> Vec<T> {
    parallel_with(items, || (), |(), item| each(item))
}

/// `parallel`, each thread making one `scratch` (`make_scratch()`) that
/// `each` is handed with every item of its run.
fn parallel_with<I: Sync, S, T: Send>(
    items: &[I],
    make_scratch: impl Fn() -> S + Sync,
    each: impl Fn(&mut S, &I) -> T + Sync,
) -> Vec<T> {
    let threads = thread::available_parallelism().map_or(1, |n| n.get());
    let run = items.len().div_ceil(threads).max(1);
    let (each, make_scratch) = (&each, &make_scratch);
    thread::scope(|scope| {
        let workers: Vec<_> = items
            .chunks(run)
            .map(|chunk| {
                scope.spawn(move || {
                    let mut scratch = make_scratch();
                    chunk
                        .iter()
                        .map(|item| each(&mut scratch, item))
                        .collect::<Vec<T>>()
                })
            })
            .collect();
        workers
            .into_iter()
            .flat_map(|worker| match worker.join() {
                Ok(results) => results,
                // A panic in `each` is a bug; let it surface as one.
                Err(panic) => std::panic::resume_unwind(panic),
            })
            .collect()
    })
}

/// The error for a path that is there but is not a regular file.
fn not_regular(metadata: &Metadata) -> io::Error {
    io::Error::new(
        io::ErrorKind::InvalidInput,
        format!("it is {}, not a regular file", kind(metadata)),
    )
}

/// What a path that is not a regular file is, with its article.
fn kind(metadata: &Metadata) -> &'static str {
    let file_type = metadata.file_type();
    if file_type.is_dir() {
        return "a folder";
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if file_type.is_fifo() {
            return "a named pipe (FIFO)";
        }
        if file_type.is_char_device() {
            return "a character device";
        }
        if file_type.is_block_device() {
            return "a block device";
        }
        if file_type.is_socket() {
            return "a socket";
        }
    }
    "a special file"
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The walk lists each folder's files in name order, its subfolders'
    /// (walked in parallel) in their place, takes only the extensions asked
    /// for, and follows a link to a folder.
    #[test]
    fn find_walks_folders_in_name_order() {
        let dir = tempfile::tempdir().expect("a folder");
        let root = dir.path();
        for sub in ["b", "a", "c/deep"] {
            std::fs::create_dir_all(root.join(sub)).expect("a folder");
        }
        for file in [
            "z.phh",
            "a/2.phh",
            "a/1.phhs",
            "a/x.txt",
            "b/1.phh",
            "c/deep/1.phh",
            "c/0.phh",
        ] {
            std::fs::write(root.join(file), "").expect("written");
        }
        #[cfg(unix)]
        std::os::unix::fs::symlink(root.join("b"), root.join("d")).expect("a link");
        let found = find(&[root.to_path_buf()], &["phh", "phhs"]).expect("walked");
        let names: Vec<String> = found
            .iter()
            .map(|p| {
                p.strip_prefix(root)
                    .expect("under it")
                    .display()
                    .to_string()
            })
            .collect();
        let mut want = vec!["a/1.phhs", "a/2.phh", "b/1.phh", "c/0.phh", "c/deep/1.phh"];
        if cfg!(unix) {
            want.push("d/1.phh");
        }
        want.push("z.phh");
        assert_eq!(names, want);
        // A file named directly is taken as given, whatever its extension.
        let given = root.join("a/x.txt");
        assert_eq!(
            find(std::slice::from_ref(&given), &["phh"]),
            Ok(vec![given])
        );
        let missing = find(&[root.join("nowhere")], &["phh"]);
        assert_eq!(missing, Ok(vec![root.join("nowhere")]));
    }

    /// Each file is read whole into a thread's one buffer: a short file
    /// after a long one is itself, not the long one's tail; a file that is
    /// not UTF-8 or not a regular file is an error for that file alone;
    /// each thread makes its scratch once.
    #[test]
    fn read_each_reads_every_file_whole_into_a_kept_buffer() {
        let dir = tempfile::tempdir().expect("a folder");
        let long = "x".repeat(10_000);
        let texts = [long.as_str(), "short", "", "é, two bytes", "the end"];
        let mut paths: Vec<PathBuf> = texts
            .iter()
            .enumerate()
            .map(|(i, text)| {
                let path = dir.path().join(format!("{i}.txt"));
                std::fs::write(&path, text).expect("written");
                path
            })
            .collect();
        let latin1 = dir.path().join("latin1.txt");
        std::fs::write(&latin1, b"caf\xe9").expect("written");
        paths.insert(2, latin1);
        paths.insert(4, dir.path().to_path_buf());
        let made = std::sync::atomic::AtomicUsize::new(0);
        let read = read_each(
            &paths,
            || made.fetch_add(1, std::sync::atomic::Ordering::Relaxed),
            |_, _, text| text.map(str::to_string).map_err(|e| e.to_string()),
        );
        let threads = thread::available_parallelism().map_or(1, |n| n.get());
        let runs = paths.len().div_ceil(paths.len().div_ceil(threads));
        assert_eq!(made.into_inner(), runs, "one scratch a thread");
        assert_eq!(read[0].as_deref(), Ok(long.as_str()));
        assert_eq!(read[1].as_deref(), Ok("short"));
        let not_utf8 = read[2].as_ref().expect_err("not UTF-8");
        assert!(not_utf8.starts_with("it is not UTF-8 text"), "{not_utf8}");
        assert_eq!(read[3].as_deref(), Ok(""));
        assert_eq!(
            read[4].as_ref().map_err(String::as_str),
            Err("it is a folder, not a regular file")
        );
        assert_eq!(read[5].as_deref(), Ok("é, two bytes"));
        assert_eq!(read[6].as_deref(), Ok("the end"));
    }

    #[test]
    fn a_folder_or_a_device_is_refused_before_it_is_read() {
        let err = read_text(Path::new(".")).unwrap_err();
        assert_eq!(err.to_string(), "it is a folder, not a regular file");
        #[cfg(unix)]
        {
            let err = read_bytes(Path::new("/dev/zero")).unwrap_err();
            assert_eq!(err.kind(), io::ErrorKind::InvalidInput);
            assert_eq!(
                err.to_string(),
                "it is a character device, not a regular file"
            );
        }
        assert!(read_text(Path::new("Cargo.toml")).is_ok());
    }
}
