//! `floorcall floor init` and `floorcall floor verify`: the tournament's
//! database set up, and every table's chain in it checked.

use std::io::Write;
use std::path::PathBuf;
use std::sync::Arc;

use clap::Subcommand;

use floorcall::floor::{self, Desk, DeskOptions, InitOptions, mask};
use floorcall::journal::SystemClock;
use floorcall::page::{Boards, Page, PageError};
use floorcall::rules::HouseRules;
use floorcall::session::Structure;
use floorcall::table::Chips;
use floorcall::tournament::{Decide, FloorRecord};
use floorcall::tui::Theme;
use floorcall::tui::floor::FloorScreen;

use super::failure::Failure;
use super::screen::on_screen;
use super::{house_flag, print};

/// A tournament's tables in one PostgreSQL: `floorcall floor` opens the
/// TD's screen (every table live, the clock, balancing, breaking,
/// hand-for-hand), `floor draw` seats players by a checkable draw, `floor
/// init` sets the database up, `floor verify` checks every table's record
/// and every draw in it, `floor results` prints the places and the money.
#[derive(Debug, clap::Args)]
#[command(args_conflicts_with_subcommands = true)]
pub struct Args {
    #[command(subcommand)]
    pub command: Option<FloorCmd>,
    #[command(flatten)]
    pub desk: DeskArgs,
    /// Also serve the room's page on this address (`0.0.0.0:8036`): every
    /// display in the room opens http://HOST:8036/ and shows the level,
    /// the clock, the players left, the money, the busts and the moves,
    /// live. It only reads; without --serve nothing listens.
    #[arg(long, value_name = "ADDR")]
    pub serve: Option<String>,
}

/// The floor's subcommands.
#[derive(Debug, Subcommand)]
pub enum FloorCmd {
    /// Create or upgrade the floor's schema in the database, and the roles:
    /// one per table (`fc.<tournament>.<table>`), which may only insert its
    /// own table's records, and the floor's (`fc.<tournament>`), which
    /// reads every table and writes only the floor's records. Run it as a
    /// role that may create roles. Running it again adds what is new.
    Init {
        #[command(flatten)]
        db: DbArgs,
        /// The tables' names, comma-separated (letters, digits, - and _).
        #[arg(long, value_delimiter = ',', value_name = "T1,T2,...")]
        tables: Vec<String>,
        /// Give every role a new random password, written to this new file
        /// (mode 0600) in libpq's password-file format, one line a role:
        /// copy each table's line into its laptop's ~/.pgpass. Nothing
        /// shows a password.
        #[arg(long, value_name = "FILE")]
        passfile: Option<PathBuf>,
        /// Give every role a new random password, each written to a file
        /// of its own in this folder (`fc.sunday.T1.pgpass`, mode 0600; the
        /// folder made 0700): each table's machine gets only its own file,
        /// as its ~/.pgpass or PGPASSFILE. Nothing shows a password.
        #[arg(long, value_name = "DIR", conflicts_with = "passfile")]
        passdir: Option<PathBuf>,
    },
    /// Seat players by a draw anyone can check: its commitment (the
    /// SHA-256 of a seed from the operating system) is written before the
    /// seats, the seed after; each table's dealer seats his players from
    /// the floor's orders (`F`). Late entries are drawn the same way.
    Draw {
        #[command(flatten)]
        desk: Box<DeskArgs>,
        /// A player to seat (repeat it, or give --players).
        #[arg(long = "player", value_name = "NAME")]
        players: Vec<String>,
        /// A file of players, one name a line (`#` starts a comment).
        #[arg(long = "players", value_name = "FILE")]
        players_file: Option<PathBuf>,
        /// Each player's starting chips.
        #[arg(long, value_name = "CHIPS")]
        stack: u64,
    },
    /// The results as they stand, from the floor's records and the tables'
    /// journals: each player's place (none while he is in), entries, what
    /// he paid in and what he won; the text a TD prints, or CSV.
    Results {
        #[command(flatten)]
        desk: Box<DeskArgs>,
        /// CSV (`place,name,entries,paid_in,won`, money in units) instead
        /// of the text.
        #[arg(long)]
        csv: bool,
        /// Each player's league points last (`points`), by the
        /// `--structure` file's `[league]`: its basic points for playing
        /// and its points by place.
        #[arg(long)]
        league: bool,
    },
    /// Serve the room's page alone (the TD's screen runs elsewhere): a
    /// read-only page every display in the room shows, live, from the
    /// floor's database. Runs until stopped (Ctrl-C).
    Page {
        #[command(flatten)]
        desk: Box<DeskArgs>,
        /// Where to listen (`0.0.0.0:8036`: every display on the room's
        /// network; `127.0.0.1:8036`: this machine only).
        #[arg(long, value_name = "ADDR")]
        serve: String,
    },
    /// Check every table's chain in the database against itself (and
    /// through the journal's own verify), and the floor's records; redo
    /// every draw from its revealed seed (the seed must hash to the
    /// commitment written before it); list any fork; compare each table's
    /// journal file given with the database. Exits 0 when all verify, 1
    /// when one does not, 2 when the database or a file cannot be read.
    Verify {
        #[command(flatten)]
        db: DbArgs,
        /// A table's own journal file, compared record by record with the
        /// database (repeat it for each table the TD has).
        #[arg(long = "journal", value_name = "FILE")]
        journals: Vec<PathBuf>,
    },
}

/// Where the floor's database is.
#[derive(Debug, clap::Args)]
pub struct DbArgs {
    /// The database: a libpq connection string or URL (`host=db
    /// dbname=floor sslmode=verify-full`). A password is best left out of
    /// it: PGPASSWORD or the password file (~/.pgpass) give it.
    #[arg(
        long,
        env = "FLOORCALL_FLOOR",
        hide_env_values = true,
        value_name = "URL"
    )]
    floor: String,
    /// The tournament.
    #[arg(long, env = "FLOORCALL_TOURNAMENT", value_name = "NAME")]
    tournament: String,
}

/// The tournament the floor runs: the database, its tables, its house and
/// its one structure.
#[derive(Debug, clap::Args)]
pub struct DeskArgs {
    /// The database, as `floor init` takes it; the floor connects as the
    /// tournament's floor role, fc.<tournament>, when it names no user.
    #[arg(
        long,
        env = "FLOORCALL_FLOOR",
        hide_env_values = true,
        value_name = "URL"
    )]
    floor: Option<String>,
    /// The tournament.
    #[arg(long, env = "FLOORCALL_TOURNAMENT", value_name = "NAME")]
    tournament: Option<String>,
    /// The tables, comma-separated, in the order opened.
    #[arg(long, value_delimiter = ',', value_name = "T1,T2,...")]
    tables: Vec<String>,
    /// Seats at each table, 2 to 10.
    #[arg(long, default_value_t = 9, value_parser = clap::value_parser!(u8).range(2..=10))]
    seats: u8,
    /// House rules: tda (the default), ugly-tuna, upt, nuts, redtooth, or a house-rules TOML.
    #[arg(long, value_name = "NAME")]
    house: Option<String>,
    #[command(flatten)]
    structure: Box<super::StructureArgs>,
    /// The order tables break in (UPT Tournament 14), comma-separated
    /// (default: the last table first).
    #[arg(long, value_delimiter = ',', value_name = "T3,T2,...")]
    break_order: Vec<String>,
    /// Players never drawn to one table (Ugly Tuna Seating 5),
    /// comma-separated; repeat for each group.
    #[arg(long, value_name = "NAME,NAME")]
    keep_apart: Vec<String>,
}

impl DeskArgs {
    /// Opens the floor's desk on the database (as the floor's role).
    fn open(&self) -> Result<Desk, Failure> {
        Desk::open(self.options()?).map_err(|e| failed(&e))
    }

    /// The page follows the floor, from a Desk of its own that only reads.
    fn follow(&self, page: &mut Page) -> Result<(), Failure> {
        let options = self.options()?;
        let name = options.tournament.clone();
        let desk = Desk::watch(options).map_err(|e| failed(&e))?;
        page.follow(desk, &name).map_err(page_failed)
    }

    /// The Desk's options from the arguments.
    fn options(&self) -> Result<DeskOptions, Failure> {
        let (Some(conninfo), Some(tournament), false) =
            (&self.floor, &self.tournament, self.tables.is_empty())
        else {
            return Err(Failure::user(
                "floorcall floor needs --floor URL, --tournament NAME and --tables T1,T2,... (or a subcommand: init, draw, verify).",
            ));
        };
        let rules = house_flag(self.house.as_deref())?.unwrap_or_else(HouseRules::tda);
        let structure = match self.structure.read().map_err(Failure::user)? {
            Some(s) => s,
            None => Structure::from_house(&rules.levels, self.structure.minutes()),
        };
        for name in &self.tables {
            floor::check_name(name).map_err(|e| Failure::user(format_args!("--tables: {e}")))?;
        }
        let tables = self
            .tables
            .iter()
            .map(|t| (t.clone(), self.seats))
            .collect();
        let mut options = DeskOptions::new(conninfo, tournament, rules, structure, tables);
        options.funding = self.structure.funding().map_err(Failure::user)?;
        options.break_order = self.break_order.clone();
        options.keep_apart = self
            .keep_apart
            .iter()
            .map(|g| g.split(',').map(|n| n.trim().to_string()).collect())
            .collect();
        Ok(options)
    }
}

/// Runs `floorcall floor`: the TD's screen, or a subcommand.
pub fn run(args: Args) -> Result<(), Failure> {
    match args.command {
        Some(command) => run_command(command),
        None => {
            let keymap = super::keymap()?;
            // The port first: one it cannot have is said before anything.
            let mut page = args.serve.as_deref().map(listen).transpose()?;
            let desk = args.desk.open()?;
            // The page reads on its own threads; the TD's screen never
            // waits for it.
            if let Some(page) = &mut page {
                args.desk.follow(page)?;
            }
            let mut screen = FloorScreen::new(desk, Theme::from_env()).with_keymap(keymap);
            if let Some(page) = &page {
                screen = screen.with_page(page.addr().to_string());
            }
            on_screen(
                &mut screen,
                "the floor",
                "floorcall: the floor's screen needs a terminal, and the output is not one (floor verify prints without one).",
            )
        }
    }
}

/// The players of a draw: the names given and the file's lines.
fn players(names: Vec<String>, file: Option<PathBuf>) -> Result<Vec<String>, Failure> {
    let mut all = names;
    if let Some(path) = file {
        let text = floorcall::files::read_text(&path)
            .map_err(|e| Failure::user(format_args!("{}: {e}", path.display())))?;
        all.extend(
            text.lines()
                .map(|l| l.split('#').next().unwrap_or("").trim())
                .filter(|l| !l.is_empty())
                .map(str::to_string),
        );
    }
    if all.is_empty() {
        return Err(Failure::user(
            "floor draw: no player to seat (give --player NAME or --players FILE).",
        ));
    }
    Ok(all)
}

/// Runs a floor subcommand, printing to `out`.
fn run_command(command: FloorCmd) -> Result<(), Failure> {
    print(|out| match command {
        FloorCmd::Draw {
            desk,
            players: names,
            players_file,
            stack,
        } => {
            let names = players(names, players_file)?;
            let mut desk = desk.open()?;
            let entries: Vec<(String, Chips)> =
                names.into_iter().map(|n| (n, Chips(stack))).collect();
            let seats = desk
                .draw_seats(&entries)
                .map_err(|e| Failure::User(format!("floor draw: {e}")))?;
            // The commitment first (written to the floor's chain before
            // the seats), then the seats, then the seed that redoes them.
            let records = &desk.floor().records;
            if let Some(FloorRecord::DrawCommitted {
                draw, commitment, ..
            }) = records
                .iter()
                .rev()
                .find(|r| matches!(r, FloorRecord::DrawCommitted { .. }))
            {
                writeln!(
                    out,
                    "# draw {draw}: commitment {commitment} (the SHA-256 of its seed, written before the seats)"
                )?;
            }
            for a in &seats {
                writeln!(
                    out,
                    "{} {} seat {} ({})",
                    a.player, a.table, a.seat, a.chips
                )?;
            }
            if let Some(FloorRecord::DrawRevealed { seed, .. }) = records
                .iter()
                .rev()
                .find(|r| matches!(r, FloorRecord::DrawRevealed { .. }))
            {
                writeln!(
                    out,
                    "# seed {seed}: floorcall floor verify redoes the draw from it"
                )?;
            }
            Ok(())
        }
        FloorCmd::Page { desk, serve } => {
            let mut page = listen(&serve)?;
            desk.follow(&mut page)?;
            writeln!(
                out,
                "The room's page: http://{}/ (every display in the room opens it; Ctrl-C stops it).",
                page.addr()
            )?;
            out.flush()?;
            loop {
                std::thread::park();
            }
        }
        FloorCmd::Results { desk, csv, league } => {
            let league = league
                .then(|| desk.structure.league())
                .transpose()
                .map_err(Failure::user)?;
            let desk = desk.open()?;
            let rows = floorcall::tournament::results::results(desk.tournament());
            let league = league.as_ref();
            if csv {
                write!(
                    out,
                    "{}",
                    floorcall::tournament::results::csv(&rows, league)
                )?;
            } else {
                write!(
                    out,
                    "{}",
                    floorcall::tournament::results::text(&rows, league)
                )?;
            }
            Ok(())
        }
        FloorCmd::Init {
            db,
            tables,
            passfile,
            passdir,
        } => {
            // The administrator: the string's user, else libpq's default.
            let user = std::env::var("PGUSER")
                .or_else(|_| std::env::var("USER"))
                .ok();
            let mut client = match floor::connect(&db.floor, user.as_deref()) {
                Ok(c) => c,
                Err(e) => return Err(failed(&e)),
            };
            let options = InitOptions {
                tournament: db.tournament.clone(),
                tables,
                passfile: passfile.clone(),
                passdir: passdir.clone(),
            };
            let done = match floor::init(&mut client, &options) {
                Ok(done) => done,
                Err(e) => return Err(failed(&e)),
            };
            if done.applied.is_empty() {
                writeln!(out, "The floor's schema was up to date.")?;
            } else {
                writeln!(out, "Applied: {}.", done.applied.join(", "))?;
            }
            writeln!(
                out,
                "Roles in {}: {}.",
                mask(&db.floor),
                done.roles.join(", ")
            )?;
            if let Some(path) = passfile {
                writeln!(
                    out,
                    "New passwords in {} (mode 0600): give each table its line for its ~/.pgpass.",
                    path.display()
                )?;
            }
            if let Some(dir) = passdir {
                writeln!(
                    out,
                    "New passwords in {}, a file a role (mode 0600): give each table only its own ({}.pgpass), as its ~/.pgpass or PGPASSFILE.",
                    dir.display(),
                    done.roles
                        .get(1)
                        .map_or("fc.<tournament>.<table>", String::as_str)
                )?;
            }
            Ok(())
        }
        FloorCmd::Verify { db, journals } => {
            let mut files = Vec::new();
            for path in journals {
                let bytes = std::fs::read(&path).map_err(|e| {
                    Failure::User(format!(
                        "floorcall floor verify: {}: cannot be read: {e}",
                        path.display()
                    ))
                })?;
                files.push(floor::TableFile { path, bytes });
            }
            let role = floor::floor_role(&db.tournament);
            let verified = floor::connect(&db.floor, Some(&role))
                .and_then(|mut c| floor::verify_with(&mut c, &db.tournament, &files));
            let verified = match verified {
                Ok(v) => v,
                Err(e) => return Err(failed(&e)),
            };
            for line in verified.lines() {
                writeln!(out, "{line}")?;
            }
            if verified.ok() {
                Ok(())
            } else {
                Err(Failure::Found)
            }
        }
    })
}

/// The room's page listening on `addr` (the floor's time from this
/// machine's clock), following no floor yet.
fn listen(addr: &str) -> Result<Page, Failure> {
    Page::serve(addr, Boards::new(), Arc::new(SystemClock)).map_err(page_failed)
}

/// Why the page could not be served: the user's to put right, exit 2.
fn page_failed(e: PageError) -> Failure {
    Failure::User(format!("floorcall floor: {e}"))
}

/// Why the database could not be used (its password masked): the user's
/// to put right, exit 2.
fn failed(e: &floor::FloorError) -> Failure {
    Failure::User(format!("floorcall floor: {e}"))
}
