//! The real binary run from a home of its own: a temporary `HOME` with
//! its data and config folders (`XDG_DATA_HOME`, `XDG_CONFIG_HOME`) inside
//! it, so that no test reads or writes the user's files nor another
//! test's. Every test that runs floorcall runs it through here, as jj's
//! `TestEnvironment` does: from a pipe (`run`, `run_with`) or in a
//! terminal of tmux's (`tmux`).

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use super::tmux::{Tmux, quoted};

/// The binary under test.
pub const BIN: &str = env!("CARGO_BIN_EXE_floorcall");

/// A home for the binary: a temporary folder of its own, or one a test
/// already has.
pub struct Home {
    path: PathBuf,
    _dir: Option<tempfile::TempDir>,
}

impl Home {
    /// A new temporary home, removed when dropped.
    pub fn new() -> Home {
        let dir = tempfile::tempdir().expect("a temp dir");
        Home {
            path: dir.path().to_path_buf(),
            _dir: Some(dir),
        }
    }

    /// The folder `path` (the test's own, left in place) as the home.
    pub fn at(path: &Path) -> Home {
        Home {
            path: path.to_path_buf(),
            _dir: None,
        }
    }

    /// The home's folder.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The binary with `args`, its home here, its stdin empty, `NO_COLOR`
    /// unset: the one place a test makes the command.
    pub fn command(&self, args: &[&str]) -> Command {
        let mut command = Command::new(BIN);
        command
            .args(args)
            .env("HOME", &self.path)
            .env("XDG_DATA_HOME", self.path.join("data"))
            .env("XDG_CONFIG_HOME", self.path.join("config"))
            .env_remove("NO_COLOR")
            .stdin(Stdio::null());
        command
    }

    /// The binary run to its end: its status and output as they are.
    pub fn output(&self, args: &[&str]) -> Output {
        self.output_with(args, |_| {})
    }

    /// `output` with the command changed first by `change` (its stdin,
    /// stdout, environment or folder).
    pub fn output_with(&self, args: &[&str], change: impl FnOnce(&mut Command)) -> Output {
        let mut command = self.command(args);
        change(&mut command);
        command.output().expect("the binary runs")
    }

    /// The binary run to its end: its exit code (-1 for a signal), stdout
    /// and stderr.
    pub fn run(&self, args: &[&str]) -> (i32, String, String) {
        self.run_with(args, |_| {})
    }

    /// `run` with the command changed first by `change`.
    pub fn run_with(
        &self,
        args: &[&str],
        change: impl FnOnce(&mut Command),
    ) -> (i32, String, String) {
        let out = self.output_with(args, change);
        (
            out.status.code().unwrap_or(-1),
            String::from_utf8_lossy(&out.stdout).into_owned(),
            String::from_utf8_lossy(&out.stderr).into_owned(),
        )
    }

    /// `run` from the home's own folder, every occurrence of its path in
    /// the output written `HOME`.
    pub fn run_shown(&self, args: &[&str]) -> (i32, String, String) {
        self.run_shown_with(args, |_| {})
    }

    /// `run_shown` with the command changed first by `change`.
    pub fn run_shown_with(
        &self,
        args: &[&str],
        change: impl FnOnce(&mut Command),
    ) -> (i32, String, String) {
        let (code, out, err) = self.run_with(args, |command| {
            command.current_dir(&self.path);
            change(command);
        });
        let home = self.path.display().to_string();
        (code, out.replace(&home, "HOME"), err.replace(&home, "HOME"))
    }

    /// The words that start the binary here with `env` (`NAME=value`)
    /// added: `env -u NO_COLOR HOME=... XDG_...=... floorcall ARGS`, for a
    /// terminal to run without a shell (a kill reaches floorcall itself).
    pub fn argv(&self, env: &[&str], args: &[&str]) -> Vec<String> {
        let home = self.path.display();
        let mut argv = vec![
            "env".to_string(),
            "-u".to_string(),
            "NO_COLOR".to_string(),
            format!("HOME={home}"),
            format!("XDG_DATA_HOME={home}/data"),
            format!("XDG_CONFIG_HOME={home}/config"),
        ];
        argv.extend(env.iter().map(|e| e.to_string()));
        argv.push(BIN.to_string());
        argv.extend(args.iter().map(|a| a.to_string()));
        argv
    }

    /// `argv` as one line for a shell script, each word quoted.
    pub fn shell(&self, env: &[&str], args: &[&str]) -> String {
        self.argv(env, args)
            .iter()
            .map(|word| quoted(Path::new(word)))
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// A tmux server of its own (socket `floorcall-{name}-{pid}`) running
    /// the binary with `args` in its session `fc`, 120 by 40.
    pub fn tmux(&self, name: &str, args: &[&str]) -> Tmux {
        self.tmux_with(name, &[], args)
    }

    /// `tmux` with `env` (`NAME=value`) added.
    pub fn tmux_with(&self, name: &str, env: &[&str], args: &[&str]) -> Tmux {
        let tmux = Tmux::new(name);
        tmux.start_floorcall(self, env, args);
        tmux
    }
}

impl Tmux {
    /// Starts the binary (as `Home::tmux_with`) in this server's session.
    pub fn start_floorcall(&self, home: &Home, env: &[&str], args: &[&str]) {
        let argv = home.argv(env, args);
        let argv: Vec<&str> = argv.iter().map(String::as_str).collect();
        self.start(&argv);
    }
}
