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
pub fn read_each<T: Send>(
    paths: &[PathBuf],
    each: impl Fn(&Path, io::Result<String>) -> T + Sync,
) -> Vec<T> {
    parallel(paths, |path| each(path, read_text(path)))
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
    let threads = thread::available_parallelism().map_or(1, |n| n.get());
    let run = items.len().div_ceil(threads).max(1);
    let each = &each;
    thread::scope(|scope| {
        let workers: Vec<_> = items
            .chunks(run)
            .map(|chunk| scope.spawn(move || chunk.iter().map(each).collect::<Vec<T>>()))
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
