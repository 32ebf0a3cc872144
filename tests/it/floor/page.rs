//! The room's page in a real browser (issue 36): the floor on a throwaway
//! PostgreSQL (`pg`), three tables dealing into their journals, the TD's
//! Desk writing the floor's records, and the page served from a Desk of
//! its own that only reads; headless Chromium (Debian's `chromium` and
//! `chromium-driver`, driven through WebDriver: its JSON requests over
//! HTTP/1, sent with `ureq`) shows it, and the test
//! reads what a player sees: the level and blinds, the clock counting
//! down, a bust within a second of the table keying it, the TD's pause
//! and message, a break and why, two displays agreeing, and the page
//! after its server restarts. It writes the TV's and the phone's
//! screenshots under `target/`.
//!
//! Where chromedriver cannot be had the test says so and skips; under CI
//! (`CI` set) it fails instead, since .ci/run installs it.

use std::net::TcpListener;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::time::{Duration, Instant};

use base64::Engine as _;
use floorcall::floor::{ClockAction, Desk};
use floorcall::journal::SystemClock;
use floorcall::page::Page;
use floorcall::session::Structure;
use floorcall::tournament::Decide;
use floorcall::tournament::funding::from_structure_toml;
use serde_json::json;

use crate::floor::desk::{Dealer, dealer, desk_on, seat_twelve};
use crate::pg;

/// Levels of 20 minutes, the first a break's colour-up away from the
/// second.
const STRUCTURE: &str = "chips = [25, 100, 500]\n\
    [[level]]\nsmall = 25\nbig = 50\n\
    [[level]]\nbreak = 10\n\
    [[level]]\nsmall = 100\nbig = 200\n\
    [[level]]\nsmall = 200\nbig = 400\nante = 50\n";

/// The room's money: 110 an entry (10 the house's), 50/30/20.
const MONEY: &str = "[money]\n\
    [money.entry]\ncost = 110\nfee = 10\nchips = 10000\nuntil-level = 2\n\
    [[money.tier]]\nup-to = 20\nshares = [50, 30, 20]\n";

/// chromedriver on a free port, killed when dropped.
struct Driver {
    child: Child,
    port: u16,
}

impl Drop for Driver {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .expect("a free port")
}

/// A program on the PATH.
fn on_path(name: &str) -> Option<PathBuf> {
    std::env::var_os("PATH").and_then(|paths| {
        std::env::split_paths(&paths)
            .map(|p| p.join(name))
            .find(|p| p.is_file())
    })
}

/// chromedriver, started; None (said on stderr) where it or Chromium
/// cannot be had; under CI that is a failure.
fn driver() -> Option<Driver> {
    let missing = |why: &str| {
        if std::env::var_os("CI").is_some() {
            panic!("Chromium is needed for the page's tests under CI (.ci/run installs it): {why}");
        }
        eprintln!(
            "\n*** SKIPPED: the room's page was not tested in a browser: {why} ***\n*** (apt-get install chromium chromium-driver) ***\n"
        );
        None
    };
    let Some(chromedriver) = on_path("chromedriver") else {
        return missing("chromedriver is not on the PATH");
    };
    if on_path("chromium").is_none() {
        return missing("chromium is not on the PATH");
    }
    let port = free_port();
    let child = match Command::new(chromedriver)
        .arg(format!("--port={port}"))
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
    {
        Ok(child) => child,
        Err(e) => return missing(&format!("chromedriver does not start: {e}")),
    };
    let driver = Driver { child, port };
    let start = Instant::now();
    while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
        assert!(
            start.elapsed() < Duration::from_secs(10),
            "chromedriver never listened"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
    Some(driver)
}

/// One headless Chromium, driven through chromedriver's WebDriver (JSON
/// over HTTP/1; each command a request of its own).
struct Browser {
    port: u16,
    session: String,
    _profile: tempfile::TempDir,
}

/// The key WebDriver names an element by.
const ELEMENT: &str = "element-6066-11e4-a52e-4f735466cecf";

impl Browser {
    fn open(driver: &Driver, width: u32, height: u32) -> Browser {
        let profile = tempfile::tempdir().expect("a profile folder");
        let caps = json!({
            "capabilities": { "alwaysMatch": {
                "goog:chromeOptions": {
                    "args": [
                        "--headless",
                        "--no-sandbox",
                        "--disable-gpu",
                        "--disable-dev-shm-usage",
                        "--disable-quic",
                        "--no-first-run",
                        "--disable-background-networking",
                        "--disable-component-update",
                        "--disable-sync",
                        "--hide-scrollbars",
                        format!("--window-size={width},{height}"),
                        format!("--user-data-dir={}", profile.path().display()),
                    ]
                }
            }}
        });
        let session = webdriver(driver.port, "POST", "/session", Some(&caps))["sessionId"]
            .as_str()
            .expect("a session")
            .to_string();
        Browser {
            port: driver.port,
            session,
            _profile: profile,
        }
    }

    /// A command of the session (`url`, `element`, ...).
    fn command(
        &self,
        method: &str,
        path: &str,
        body: Option<&serde_json::Value>,
    ) -> serde_json::Value {
        webdriver(
            self.port,
            method,
            &format!("/session/{}/{path}", self.session),
            body,
        )
    }

    fn goto(&self, url: &str) {
        self.command("POST", "url", Some(&json!({ "url": url })));
    }

    /// The element `id`'s WebDriver reference.
    fn element(&self, id: &str) -> String {
        let found = self.command(
            "POST",
            "element",
            Some(&json!({ "using": "css selector", "value": format!("#{id}") })),
        );
        found[ELEMENT]
            .as_str()
            .unwrap_or_else(|| panic!("#{id}: {found}"))
            .to_string()
    }

    /// A click on the element `id`, as a player's.
    fn click(&self, id: &str) {
        let element = self.element(id);
        self.command(
            "POST",
            &format!("element/{element}/click"),
            Some(&json!({})),
        );
    }

    /// The text of the element `id` as shown ("" while hidden).
    fn text(&self, id: &str) -> String {
        let element = self.element(id);
        let text = self.command("GET", &format!("element/{element}/text"), None);
        text.as_str()
            .unwrap_or_else(|| panic!("#{id}: {text}"))
            .to_string()
    }

    /// A script's answer.
    fn js(&self, script: &str) -> serde_json::Value {
        self.command(
            "POST",
            "execute/sync",
            Some(&json!({ "script": script, "args": [] })),
        )
    }

    /// The clock: ms left by the page's own count, and the browser's time.
    fn clock(&self) -> (i64, i64) {
        let v = self.js("return [Math.round(window.roomClock()), Date.now()];");
        (
            v[0].as_i64().expect("ms left"),
            v[1].as_i64().expect("a time"),
        )
    }

    /// Waits up to `within` for `id`'s text to satisfy `ok`; the time it
    /// took.
    fn until(&self, id: &str, within: Duration, ok: impl Fn(&str) -> bool) -> Duration {
        let start = Instant::now();
        loop {
            let text = self.text(id);
            if ok(&text) {
                return start.elapsed();
            }
            assert!(
                start.elapsed() < within,
                "#{id} still reads {text:?} after {within:?}"
            );
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// A screenshot of the page at `width` x `height` (the window sized
    /// so that its viewport is that).
    fn screenshot(&self, width: u32, height: u32, path: &PathBuf) {
        let resize = |w: u32, h: u32| {
            self.command(
                "POST",
                "window/rect",
                Some(&json!({ "width": w, "height": h })),
            );
        };
        resize(width, height);
        let inner = self.js("return [window.innerWidth, window.innerHeight];");
        let less = |want: u32, got: &serde_json::Value| {
            want.saturating_sub(u32::try_from(got.as_u64().unwrap_or(0)).unwrap_or(0))
        };
        resize(
            width + less(width, &inner[0]),
            height + less(height, &inner[1]),
        );
        std::thread::sleep(Duration::from_millis(300));
        let png = self.command("GET", "screenshot", None);
        let png = base64::engine::general_purpose::STANDARD
            .decode(png.as_str().expect("a screenshot"))
            .expect("a screenshot in base64");
        std::fs::write(path, png).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    }
}

impl Drop for Browser {
    fn drop(&mut self) {
        let _ = std::panic::catch_unwind(|| {
            webdriver(
                self.port,
                "DELETE",
                &format!("/session/{}", self.session),
                None,
            )
        });
    }
}

/// One WebDriver request to chromedriver on `port`: its `value`; a
/// failure panics with WebDriver's message (an error's status is read,
/// not raised, so its body says why), 30 s at the most.
fn webdriver(
    port: u16,
    method: &str,
    path: &str,
    body: Option<&serde_json::Value>,
) -> serde_json::Value {
    let agent: ureq::Agent = ureq::Agent::config_builder()
        .http_status_as_error(false)
        .timeout_global(Some(Duration::from_secs(30)))
        .build()
        .into();
    let url = format!("http://127.0.0.1:{port}{path}");
    let sent = match method {
        "GET" => agent.get(&url).call(),
        "DELETE" => agent.delete(&url).call(),
        _ => agent
            .post(&url)
            .send_json(body.cloned().unwrap_or_else(|| json!({}))),
    };
    let mut response = sent.unwrap_or_else(|e| panic!("{method} {path}: {e}"));
    let ok = response.status().is_success();
    let answer: serde_json::Value = response
        .body_mut()
        .with_config()
        .limit(64 * 1024 * 1024)
        .read_json()
        .unwrap_or_else(|e| panic!("{method} {path}: {e}"));
    assert!(ok, "{method} {path}: {}", answer["value"]);
    answer["value"].clone()
}

/// The folder screenshots go to: `target/` (or CARGO_TARGET_DIR).
fn target_dir() -> PathBuf {
    let dir = std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("target"));
    std::fs::create_dir_all(&dir).expect("target/");
    dir
}

/// The TD's Desk kept reading while the test waits on the page: it
/// places the busts the tables' journals bring.
fn keep_reading(desk: &mut Desk, dealers: &[Dealer], for_: Duration) {
    let start = Instant::now();
    while start.elapsed() < for_ {
        for d in dealers {
            if let Some(l) = &d.link {
                l.poke();
            }
        }
        desk.refresh();
        std::thread::sleep(Duration::from_millis(10));
    }
}

#[test]
fn the_rooms_page_shows_the_floor_live_in_a_real_browser() {
    let Some(pg) = pg::shared() else { return };
    let Some(driver) = driver() else { return };
    let (db, mut options) = desk_on(pg, "tda", "page-room");
    options.structure = Structure::from_toml(STRUCTURE, 20).expect("the structure");
    options.clock = Arc::new(SystemClock);
    options.funding = from_structure_toml(MONEY).expect("the money");
    let dir = tempfile::tempdir().expect("tempdir");
    let mut desk = Desk::open(options.clone()).expect("opens");
    let (_, mut dealers) = seat_twelve(&mut desk, dir.path(), &options, "tda");
    desk.clock_action(ClockAction::Start).expect("starts");
    desk.say("Welcome to the Sunday game").expect("said");

    let page = Page::from_desk(
        "127.0.0.1:0",
        Desk::watch(options.clone()).expect("watches"),
        "page-room",
    )
    .expect("serves");
    let url = format!("http://{}/", page.addr());
    let tv = Browser::open(&driver, 1920, 1080);
    tv.goto(&url);

    // The level and blinds, the next level, the players, the message.
    tv.until("level", Duration::from_secs(5), |t| t == "Level 1");
    assert_eq!(tv.text("blinds"), "25/50");
    assert_eq!(
        tv.text("next"),
        "Next: Break, 10 min (colour-up of the 25s)"
    );
    tv.until("players", Duration::from_secs(2), |t| t == "12 left of 12");
    assert_eq!(tv.text("message"), "Welcome to the Sunday game");
    assert_eq!(tv.text("connection"), "", "connected: no warning");
    // The money: the pool, the places paid, the money line.
    assert_eq!(tv.text("pool"), "1,200 (12 entries)");
    assert_eq!(tv.text("payouts"), "1st 600\n2nd 360\n3rd 240");
    assert_eq!(
        tv.text("moneyline"),
        "3 paid: 9 more players out before the money"
    );
    assert_eq!(
        tv.text("registration"),
        "late registration open until level 2"
    );

    // The clock counts down by itself.
    let (a, at_a) = tv.clock();
    std::thread::sleep(Duration::from_millis(1100));
    let (b, at_b) = tv.clock();
    let (counted, passed) = (a - b, at_b - at_a);
    assert!(
        (19 * 60_000..20 * 60_000).contains(&a)
            && passed >= 1_000
            && (counted - passed).abs() < 150,
        "the clock went from {a} to {b} ms in {passed} ms"
    );
    assert!(tv.text("clock").starts_with("19:"), "{}", tv.text("clock"));

    // A bust keyed at a table is on the page within a second.
    let t2 = dealer(&mut dealers, "T2");
    t2.play(None);
    let out = t2.hand_busting();
    let keyed = Instant::now();
    let shown = loop {
        keep_reading(&mut desk, &dealers, Duration::from_millis(20));
        if tv.text("busts").contains(&out) {
            break keyed.elapsed();
        }
        assert!(
            keyed.elapsed() < Duration::from_secs(5),
            "{out}'s bust never reached the page: {}",
            tv.text("busts")
        );
    };
    eprintln!("a bust keyed at T2 was on the page in {shown:?}");
    assert!(shown < Duration::from_secs(1), "the bust took {shown:?}");
    assert_eq!(tv.text("busts"), format!("12th {out} (T2)"));
    assert_eq!(tv.text("players"), "11 left of 12");
    assert_eq!(
        tv.text("moneyline"),
        "3 paid: 8 more players out before the money"
    );

    // A second display agrees: the same board, the clock within 0.5 s.
    let phone = Browser::open(&driver, 390, 844);
    phone.goto(&url);
    phone.until("busts", Duration::from_secs(5), |t| t.contains(&out));
    for id in ["level", "blinds", "next", "players", "average", "largest"] {
        assert_eq!(tv.text(id), phone.text(id), "#{id}");
    }
    let ((left_tv, at_tv), (left_phone, at_phone)) = (tv.clock(), phone.clock());
    let ends = |left: i64, at: i64| at + left;
    let apart = (ends(left_tv, at_tv) - ends(left_phone, at_phone)).abs();
    assert!(apart < 500, "the two displays' clocks are {apart} ms apart");

    // The TD pauses: every display's clock stops, and says so.
    desk.clock_action(ClockAction::Pause).expect("pauses");
    tv.until("state", Duration::from_secs(2), |t| t == "PAUSED");
    phone.until("state", Duration::from_secs(2), |t| t == "PAUSED");
    let (a, _) = tv.clock();
    std::thread::sleep(Duration::from_millis(700));
    assert_eq!(tv.clock().0, a, "paused: the clock stands");
    assert_eq!(phone.clock().0, a, "paused on the phone at the same time");

    // A player's click lets the TV sound (browsers refuse it before one):
    // it chimes once to say so.
    assert_eq!(tv.js("return window.roomChimes;"), json!([]));
    tv.click("sound");
    tv.until("sound", Duration::from_secs(2), |t| {
        t.starts_with("Sound on")
    });
    assert_eq!(tv.js("return window.roomChimes;"), json!([1]));

    // Resumed with two seconds left: the break, and why.
    desk.clock_action(ClockAction::Resume).expect("resumes");
    let left = desk
        .clock()
        .expect("a clock")
        .at(desk.now_ms())
        .remaining_ms;
    let cut = i64::try_from(left / 1000).expect("seconds") - 2;
    desk.clock_action(ClockAction::Adjust(-cut))
        .expect("adjusted");
    tv.until("level", Duration::from_secs(6), |t| t == "BREAK");
    assert_eq!(tv.text("break-reason"), "colour-up of the 25s");
    assert_eq!(tv.text("blinds"), "After the break 100/200");
    assert_eq!(tv.text("next"), "Next: Level 2: 100/200, 20 min");
    // The phone, never clicked, stays silent.
    let chimes = tv.js("return window.roomChimes;");
    let chimes: Vec<u64> = chimes
        .as_array()
        .expect("the chimes")
        .iter()
        .filter_map(serde_json::Value::as_u64)
        .collect();
    // The click's chime, the level's last minute (the clock cut to two
    // seconds), then the break's three notes (the level's own 0:00 may
    // chime two notes before it, where a tick sees it first).
    assert!(
        chimes == [1, 1, 3] || chimes == [1, 1, 2, 3],
        "the chimes: {chimes:?}"
    );
    assert_eq!(phone.js("return window.roomChimes;"), json!([]));
    assert!(tv.text("clock").starts_with("9:") || tv.text("clock") == "10:00");
    phone.until("level", Duration::from_secs(2), |t| t == "BREAK");

    let target = target_dir();
    tv.screenshot(1920, 1080, &target.join("page-tv.png"));
    phone.screenshot(390, 844, &target.join("page-phone.png"));
    drop(phone);

    // The server goes away: the display says so at once and keeps
    // counting; back on the same port, it catches up by itself.
    let addr = page.addr();
    drop(page);
    tv.until("connection", Duration::from_secs(2), |t| {
        t == "connection lost: the clock may be wrong"
    });
    let (a, _) = tv.clock();
    std::thread::sleep(Duration::from_millis(600));
    assert!(
        tv.clock().0 < a,
        "the clock counts on while the server is away"
    );
    desk.say("Colour-up at table 2 first").expect("said");
    let page = Page::from_desk(
        &addr.to_string(),
        Desk::watch(options.clone()).expect("watches"),
        "page-room",
    )
    .expect("serves again on the same port");
    tv.until("message", Duration::from_secs(5), |t| {
        t == "Colour-up at table 2 first"
    });
    assert_eq!(tv.text("connection"), "");
    assert_eq!(tv.text("level"), "BREAK");
    drop(page);

    // The binary's own page (`floor page`), given other levels and no
    // money: it shows the structure and the money the floor published.
    // Stopped without closing its sockets (a network gone silent), the
    // display says so within its keep-alive; it catches up when the
    // server runs again.
    let served = Served::start(&[
        "floor",
        "page",
        "--floor",
        &options.conninfo,
        "--tournament",
        "page-room",
        "--tables",
        "T1,T2,T3",
        "--levels",
        "1/2,2/4",
        "--serve",
        "127.0.0.1:0",
    ]);
    tv.goto(&served.url);
    tv.until("message", Duration::from_secs(15), |t| {
        t == "Colour-up at table 2 first"
    });
    assert_eq!(tv.text("level"), "BREAK");
    assert_eq!(tv.text("break-reason"), "colour-up of the 25s");
    assert_eq!(tv.text("pool"), "1,200 (12 entries)");
    served.signal("STOP");
    let silent = tv.until("connection", Duration::from_secs(5), |t| {
        t == "connection lost: the clock may be wrong"
    });
    eprintln!("a silent network was said in {silent:?}");
    served.signal("CONT");
    tv.until("connection", Duration::from_secs(5), str::is_empty);

    // Every record the page showed is the floor's, and verifies.
    let verified = floorcall::floor::verify(&mut pg.admin(&db), "page-room").expect("verifies");
    assert!(verified.ok(), "{:#?}", verified.lines());
}

/// `floorcall floor page` running, killed when dropped.
struct Served {
    child: Child,
    url: String,
}

impl Served {
    /// Starts it and reads the address it prints.
    fn start(args: &[&str]) -> Served {
        let mut child = Command::new(crate::home::BIN)
            .args(args)
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("floorcall starts");
        let mut line = String::new();
        let stdout = child.stdout.take().expect("its output");
        std::io::BufRead::read_line(&mut std::io::BufReader::new(stdout), &mut line)
            .expect("a line");
        let url = line
            .split_whitespace()
            .find(|w| w.starts_with("http://"))
            .unwrap_or_else(|| panic!("no address in {line:?}"))
            .to_string();
        Served { child, url }
    }

    /// Sends it a signal (`STOP`, `CONT`).
    fn signal(&self, name: &str) {
        let sent = Command::new("kill")
            .arg(format!("-{name}"))
            .arg(self.child.id().to_string())
            .status()
            .expect("kill runs");
        assert!(sent.success(), "kill -{name}");
    }
}

impl Drop for Served {
    fn drop(&mut self) {
        let _ = Command::new("kill")
            .arg("-CONT")
            .arg(self.child.id().to_string())
            .status();
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// `floor page --serve` on a port another program holds: said in a
/// sentence, exit 2, before the database is reached; an address that does
/// not read, the same.
#[test]
fn a_port_the_page_cannot_have_is_said_before_the_database() {
    let held = TcpListener::bind("127.0.0.1:0").expect("a port");
    let addr = held.local_addr().expect("its address");
    let home = crate::home::Home::new();
    for (serve, said) in [
        (
            addr.to_string(),
            format!("floorcall floor: cannot listen on {addr}: the address is in use"),
        ),
        (
            "nowhere".to_string(),
            "floorcall floor: --serve nowhere: not an address to listen on (give HOST:PORT, as 0.0.0.0:8036)".to_string(),
        ),
    ] {
        let out = home.output(&[
            "floor",
            "page",
            "--floor",
            "host=/nonexistent dbname=floor",
            "--tournament",
            "t",
            "--tables",
            "T1",
            "--serve",
            &serve,
        ]);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{stderr}");
        assert!(stderr.contains(&said), "{stderr}");
    }
}

/// The page has no route that writes: every other method on its routes
/// is refused (405) and any other path is not there (404); what it
/// serves is read with GET (the board `null` before a floor is followed).
#[test]
fn the_page_has_no_write_route() {
    use floorcall::page::Boards;
    let page = Page::serve("127.0.0.1:0", Boards::new(), Arc::new(SystemClock)).expect("serves");
    let agent: ureq::Agent = ureq::Agent::config_builder()
        .http_status_as_error(false)
        .timeout_global(Some(Duration::from_secs(5)))
        .build()
        .into();
    // (status, body) of `method` on `path`, a small JSON body sent to
    // those that take one.
    let status = |method: &str, path: &str| -> (u16, String) {
        let url = format!("http://{}{path}", page.addr());
        let body = json!({});
        let sent = match method {
            "GET" => agent.get(&url).call(),
            "DELETE" => agent.delete(&url).call(),
            "PUT" => agent.put(&url).send_json(&body),
            "PATCH" => agent.patch(&url).send_json(&body),
            _ => agent.post(&url).send_json(&body),
        };
        let mut response = sent.unwrap_or_else(|e| panic!("{method} {path}: {e}"));
        let code = response.status().as_u16();
        // An event stream never ends: its status is enough.
        let text = if path == "/events" {
            String::new()
        } else {
            response.body_mut().read_to_string().unwrap_or_default()
        };
        (code, text)
    };
    for path in ["/", "/page.js", "/page.css", "/board", "/events"] {
        for method in ["POST", "PUT", "PATCH", "DELETE"] {
            let (code, _) = status(method, path);
            assert_eq!(code, 405, "{method} {path}");
        }
    }
    for path in ["/clock", "/say", "/admin", "/board/1"] {
        let (code, _) = status("GET", path);
        assert_eq!(code, 404, "GET {path}");
    }
    let (code, answer) = status("GET", "/board");
    assert_eq!(code, 200, "{answer}");
    assert!(answer.contains(",\"room\":null}"), "{answer}");
    let (code, answer) = status("GET", "/");
    assert_eq!(code, 200, "{answer}");
    assert!(
        answer.contains("connection lost: the clock may be wrong"),
        "{answer}"
    );
}
