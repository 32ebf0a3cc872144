//! A tmux server of the tests' own (its own socket), for running the real
//! binary in a real terminal: `send-keys` to type, `capture-pane` to read
//! the screen. Killed when dropped, even when the test fails.

use std::path::Path;
use std::process::{Command, Output};
use std::time::{Duration, Instant};

/// The pause between two looks at the screen: 2 ms at first, doubling to
/// 25 ms. Each look starts a tmux client, a few milliseconds of CPU: a
/// fixed 2-5 ms poll kept a core busy while a test waited, taken from the
/// tests beside it on a 2-core machine.
fn pause(looks: &mut u32) {
    *looks += 1;
    let ms = 2u64.saturating_mul(1 << (*looks).min(4)).min(25);
    std::thread::sleep(Duration::from_millis(ms));
}

/// A tmux server on its own socket; its one session is `fc`.
pub struct Tmux {
    /// The socket's name (`tmux -L`).
    pub socket: String,
}

impl Tmux {
    /// A tmux server on the socket `floorcall-{name}-{pid}`, not started.
    pub fn new(name: &str) -> Tmux {
        Tmux {
            socket: format!("floorcall-{name}-{}", std::process::id()),
        }
    }

    /// Whether tmux can be run here (`.ci/run` installs it).
    pub fn installed() -> bool {
        Command::new("tmux").arg("-V").output().is_ok()
    }

    /// True (after saying so) where tmux is not installed: the test that
    /// asks is skipped.
    pub fn skip(test: &str) -> bool {
        if Self::installed() {
            return false;
        }
        eprintln!("SKIPPED {test}: tmux is not installed here (.ci/run installs it).");
        true
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
        self.wait_for_any(&[text])
    }

    /// Waits (20 s at most) until the screen shows one of `texts`, and
    /// returns the screen.
    pub fn wait_for_any(&self, texts: &[&str]) -> String {
        let (start, mut looks) = (Instant::now(), 0);
        loop {
            let screen = self.screen();
            if texts.iter().any(|t| screen.contains(t)) {
                return screen;
            }
            if start.elapsed() > Duration::from_secs(20) {
                panic!("the screen never showed {texts:?}; it shows:\n{screen}");
            }
            pause(&mut looks);
        }
    }

    /// Waits (20 s at most) until the screen shows every one of `texts`
    /// (a screen caught half drawn shows only some), and returns it.
    pub fn wait_for_all(&self, texts: &[&str]) -> String {
        let (start, mut looks) = (Instant::now(), 0);
        loop {
            let screen = self.screen();
            if texts.iter().all(|t| screen.contains(t)) {
                return screen;
            }
            if start.elapsed() > Duration::from_secs(20) {
                let missing: Vec<&&str> = texts.iter().filter(|t| !screen.contains(*t)).collect();
                panic!("the screen never showed {missing:?}; it shows:\n{screen}");
            }
            pause(&mut looks);
        }
    }

    /// Waits (10 s at most) until the session is gone: floorcall quit or
    /// was killed (with it, its screen: the next start draws on a clean
    /// one).
    pub fn wait_gone(&self) {
        let (start, mut looks) = (Instant::now(), 0);
        while self.alive() {
            assert!(
                start.elapsed() < Duration::from_secs(10),
                "floorcall's session never ended (it did not quit, or a kill did not take)"
            );
            pause(&mut looks);
        }
    }

    /// Starts `command` in a new session `fc` of 120 by 40. The server may
    /// be going away as its last session ends: a refused start is tried
    /// again.
    pub fn start(&self, command: &[&str]) {
        let mut args = vec![
            "new-session",
            "-d",
            "-s",
            "fc",
            "-x",
            "120",
            "-y",
            "40",
            "--",
        ];
        args.extend(command);
        let mut tries = 0;
        loop {
            let out = self.run(&args);
            if out.status.success() {
                return;
            }
            tries += 1;
            assert!(tries < 20, "tmux new-session failed: {out:?}");
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// The local addresses the pane's process listens on for TCP (its
    /// sockets' inodes in LISTEN in Linux's `/proc/net/tcp` and `tcp6`,
    /// as `0100007F:1F90`): none for a process that serves nothing.
    pub fn listening(&self) -> Vec<String> {
        let pid = self.pane("#{pane_pid}");
        let inodes: Vec<String> = std::fs::read_dir(format!("/proc/{pid}/fd"))
            .unwrap_or_else(|e| panic!("the pane's process {pid}: {e}"))
            .filter_map(|e| std::fs::read_link(e.ok()?.path()).ok())
            .filter_map(|l| {
                let l = l.to_str()?;
                Some(l.strip_prefix("socket:[")?.strip_suffix(']')?.to_string())
            })
            .collect();
        let mut out = Vec::new();
        for table in ["/proc/net/tcp", "/proc/net/tcp6"] {
            let text = std::fs::read_to_string(table).unwrap_or_default();
            for line in text.lines().skip(1) {
                let f: Vec<&str> = line.split_whitespace().collect();
                // st 0A: LISTEN; the inode is the tenth field.
                if f.len() > 9 && f[3] == "0A" && inodes.iter().any(|i| i == f[9]) {
                    out.push(f[1].to_string());
                }
            }
        }
        out
    }

    /// Kills (SIGKILL) the process running in the pane.
    pub fn kill_pane(&self) {
        let pid = self.pane("#{pane_pid}");
        if !pid.is_empty() {
            let _ = Command::new("kill").args(["-KILL", &pid]).output();
        }
    }

    /// Whether the session is still there.
    pub fn alive(&self) -> bool {
        self.run(&["has-session", "-t", "fc"]).status.success()
    }
}

impl Drop for Tmux {
    /// Kills what runs in the pane (a floorcall that outlives its terminal
    /// must not be left running), then the server.
    fn drop(&mut self) {
        self.kill_pane();
        let _ = self.run(&["kill-server"]);
    }
}

/// A path quoted for the shell.
pub fn quoted(path: &Path) -> String {
    format!("'{}'", path.display().to_string().replace('\'', "'\\''"))
}
