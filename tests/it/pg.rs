//! A throwaway PostgreSQL for the floor's tests: `initdb` and `pg_ctl`
//! from the newest /usr/lib/postgresql/N/bin (or the PATH), in a folder of
//! its own under the temporary folder, listening only on a Unix socket in
//! that folder. initdb refuses to run as root, so as root the server runs
//! as the unprivileged `postgres` account. One cluster serves a whole test
//! binary (`shared`), a database per test; a watcher stops it and removes
//! its folder when the test binary ends, however it ends.
//!
//! Where PostgreSQL cannot be had, `shared` says so on stderr and the test
//! skips; under CI (`CI` set) it fails instead, since .ci/run installs it.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::OnceLock;
use std::sync::atomic::{AtomicU32, Ordering};

use postgres::{Client, NoTls};

static NEXT: AtomicU32 = AtomicU32::new(0);

/// A running cluster.
pub struct Cluster {
    dir: PathBuf,
    bin: PathBuf,
    port: u16,
    as_postgres: bool,
    /// Stopped (and its folder removed) when dropped.
    owned: bool,
}

/// The test binary's cluster, or `None` (said on stderr) where PostgreSQL
/// cannot be had; under CI that is a failure.
pub fn shared() -> Option<&'static Cluster> {
    static SHARED: OnceLock<Result<Cluster, String>> = OnceLock::new();
    match SHARED.get_or_init(|| Cluster::start(false)) {
        Ok(c) => Some(c),
        Err(why) => {
            skip(why);
            None
        }
    }
}

/// A cluster of the caller's own (one it may kill), stopped when dropped.
pub fn own() -> Option<Cluster> {
    match Cluster::start(true) {
        Ok(c) => Some(c),
        Err(why) => {
            skip(&why);
            None
        }
    }
}

fn skip(why: &str) {
    if std::env::var_os("CI").is_some() {
        panic!("PostgreSQL is needed for the floor's tests under CI (.ci/run installs it): {why}");
    }
    eprintln!(
        "\n*** SKIPPED: the floor's PostgreSQL tests did not run: {why} ***\n*** (apt-get install postgresql) ***\n"
    );
}

/// The newest PostgreSQL's bin folder that has initdb.
fn bin_dir() -> Option<PathBuf> {
    let mut found: Vec<(u32, PathBuf)> = std::fs::read_dir("/usr/lib/postgresql")
        .into_iter()
        .flatten()
        .flatten()
        .filter_map(|e| {
            let version = e.file_name().to_string_lossy().parse::<u32>().ok()?;
            let bin = e.path().join("bin");
            bin.join("initdb").exists().then_some((version, bin))
        })
        .collect();
    found.sort();
    if let Some((_, bin)) = found.pop() {
        return Some(bin);
    }
    std::env::var_os("PATH")
        .and_then(|paths| std::env::split_paths(&paths).find(|p| p.join("initdb").exists()))
}

impl Cluster {
    fn start(owned: bool) -> Result<Cluster, String> {
        let bin = bin_dir().ok_or(
            "initdb is not installed (no /usr/lib/postgresql/N/bin/initdb, none on the PATH)",
        )?;
        let n = NEXT.fetch_add(1, Ordering::Relaxed);
        let pid = std::process::id();
        let dir = std::env::temp_dir().join(format!("floorcall-pg-{pid}-{n}"));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        // Root (whose folders are owned by uid 0) runs the server as postgres.
        let as_postgres = {
            use std::os::unix::fs::MetadataExt;
            std::fs::metadata(&dir).is_ok_and(|m| m.uid() == 0)
        };
        if as_postgres
            && !Path::new("/usr/sbin/runuser").exists()
            && !Path::new("/sbin/runuser").exists()
        {
            return Err("running as root without runuser to start the server as postgres".into());
        }
        let port = 20_000 + ((pid * 7 + n * 13) % 30_000) as u16;
        let cluster = Cluster {
            dir,
            bin,
            port,
            as_postgres,
            owned,
        };
        if as_postgres {
            let ok = Command::new("chown")
                .args(["postgres:", &cluster.dir.to_string_lossy()])
                .status()
                .is_ok_and(|s| s.success());
            if !ok {
                return Err(
                    "running as root, and there is no postgres account to run the server as".into(),
                );
            }
        }
        let data = cluster.data();
        cluster.run(
            "initdb",
            &[
                "-D",
                &data,
                "--auth=trust",
                "--username=postgres",
                "--no-sync",
                "-E",
                "UTF8",
                "--locale=C",
            ],
        )?;
        cluster.pg_ctl_start()?;
        if !owned {
            cluster.watch();
        }
        Ok(cluster)
    }

    fn data(&self) -> String {
        self.dir.join("data").to_string_lossy().into_owned()
    }

    /// Runs one of PostgreSQL's programs (as postgres when root).
    fn run(&self, program: &str, args: &[&str]) -> Result<(), String> {
        let path = self.bin.join(program);
        let mut cmd = if self.as_postgres {
            let mut c = Command::new("runuser");
            c.args(["-u", "postgres", "--"]).arg(&path);
            c
        } else {
            Command::new(&path)
        };
        let out = cmd
            .args(args)
            .stdin(Stdio::null())
            .output()
            .map_err(|e| format!("{program}: {e}"))?;
        if out.status.success() {
            Ok(())
        } else {
            Err(format!(
                "{program} failed: {}{}",
                String::from_utf8_lossy(&out.stdout),
                String::from_utf8_lossy(&out.stderr)
            ))
        }
    }

    fn pg_ctl_start(&self) -> Result<(), String> {
        let options = format!(
            "-c listen_addresses='' -c unix_socket_directories='{}' -p {} -c fsync=off -c max_connections=300 -c shared_buffers=32MB",
            self.dir.display(),
            self.port
        );
        let log = self.dir.join("log").to_string_lossy().into_owned();
        self.run(
            "pg_ctl",
            &[
                "-D",
                &self.data(),
                "-o",
                &options,
                "-l",
                &log,
                "-w",
                "-t",
                "60",
                "start",
            ],
        )
    }

    /// Kills the server as a crash would (immediate shutdown: no
    /// checkpoint, clients cut off).
    pub fn kill(&self) {
        self.run(
            "pg_ctl",
            &["-D", &self.data(), "-m", "immediate", "-w", "stop"],
        )
        .expect("the server stops");
    }

    /// Starts the server again after `kill`.
    pub fn restart(&self) {
        self.pg_ctl_start().expect("the server starts again");
    }

    /// A watcher that stops the server and removes the folder once this
    /// test binary has ended.
    fn watch(&self) {
        let script = format!(
            "while kill -0 {pid} 2>/dev/null; do sleep 1; done; {stop}; rm -rf '{dir}'",
            pid = std::process::id(),
            stop = self.stop_command(),
            dir = self.dir.display()
        );
        let _ = Command::new("sh")
            .args(["-c", &script])
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn();
    }

    fn stop_command(&self) -> String {
        let pg_ctl = self.bin.join("pg_ctl");
        let run = if self.as_postgres {
            "runuser -u postgres -- "
        } else {
            ""
        };
        format!(
            "{run}'{}' -D '{}' -m immediate -w stop",
            pg_ctl.display(),
            self.data()
        )
    }

    /// The connection string for `db` (no user: the floor's code picks
    /// the table's or the floor's role).
    pub fn conninfo(&self, db: &str) -> String {
        format!(
            "host={} port={} dbname={db} sslmode=disable",
            self.dir.display(),
            self.port
        )
    }

    /// A connection as the cluster's superuser.
    pub fn admin(&self, db: &str) -> Client {
        let conninfo = format!("{} user=postgres", self.conninfo(db));
        Client::connect(&conninfo, NoTls).unwrap_or_else(|e| panic!("admin on {db}: {e}"))
    }

    /// A new database of its own for one test.
    pub fn database(&self, name: &str) -> String {
        let db = format!("{name}_{}", NEXT.fetch_add(1, Ordering::Relaxed));
        self.admin("postgres")
            .batch_execute(&format!("CREATE DATABASE {db}"))
            .expect("creates the database");
        db
    }
}

impl Drop for Cluster {
    fn drop(&mut self) {
        if self.owned {
            let _ = Command::new("sh")
                .args(["-c", &self.stop_command()])
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .status();
            let _ = std::fs::remove_dir_all(&self.dir);
        }
    }
}
