//! A tmux server of the tests' own (its own socket), for running the real
//! binary in a real terminal: `send-keys` to type, `capture-pane` to read
//! the screen. Killed when dropped, even when the test fails.

use std::path::Path;
use std::process::{Command, Output};
use std::time::{Duration, Instant};

/// A tmux server on its own socket; its one session is `fc`.
pub struct Tmux {
    /// The socket's name (`tmux -L`).
    pub socket: String,
}

impl Tmux {
    /// Whether tmux can be run here (`.ci/run` installs it).
    pub fn installed() -> bool {
        Command::new("tmux").arg("-V").output().is_ok()
    }

    /// Runs a tmux command on this server.
    pub fn run(&self, args: &[&str]) -> Output {
        Command::new("tmux")
            .arg("-L")
            .arg(&self.socket)
            .args(args)
            .output()
            .expect("tmux runs")
    }

    /// Sends keys by name (`Enter`, `Escape`, `q`).
    pub fn keys(&self, keys: &[&str]) {
        let mut args = vec!["send-keys", "-t", "fc"];
        args.extend_from_slice(keys);
        let out = self.run(&args);
        assert!(out.status.success(), "send-keys {keys:?} failed");
    }

    /// Types text literally, one key at a time.
    pub fn type_text(&self, text: &str) {
        let out = self.run(&["send-keys", "-t", "fc", "-l", text]);
        assert!(out.status.success(), "send-keys -l {text:?} failed");
    }

    /// The screen as it stands.
    pub fn screen(&self) -> String {
        String::from_utf8_lossy(&self.run(&["capture-pane", "-p", "-t", "fc"]).stdout).into_owned()
    }

    /// A pane variable (`#{pane_dead}`).
    pub fn pane(&self, format: &str) -> String {
        String::from_utf8_lossy(
            &self
                .run(&["display-message", "-p", "-t", "fc", format])
                .stdout,
        )
        .trim()
        .to_string()
    }

    /// Waits (20 s at most: the machine may be loaded) until the screen
    /// shows `text`, and returns the screen.
    pub fn wait_for(&self, text: &str) -> String {
        let start = Instant::now();
        loop {
            let screen = self.screen();
            if screen.contains(text) {
                return screen;
            }
            if start.elapsed() > Duration::from_secs(20) {
                panic!("the screen never showed {text:?}; it shows:\n{screen}");
            }
            std::thread::sleep(Duration::from_millis(5));
        }
    }

    /// Waits until the pane's process has died.
    pub fn wait_dead(&self) {
        let start = Instant::now();
        while self.pane("#{pane_dead}") != "1" {
            assert!(
                start.elapsed() < Duration::from_secs(10),
                "the killed pane never died"
            );
            std::thread::sleep(Duration::from_millis(2));
        }
    }

    /// Whether the session is still there.
    pub fn alive(&self) -> bool {
        self.run(&["has-session", "-t", "fc"]).status.success()
    }
}

impl Drop for Tmux {
    fn drop(&mut self) {
        let _ = self.run(&["kill-server"]);
    }
}

/// A path quoted for the shell.
pub fn quoted(path: &Path) -> String {
    format!("'{}'", path.display().to_string().replace('\'', "'\\''"))
}
