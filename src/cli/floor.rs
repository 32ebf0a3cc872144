//! `floorcall floor init` and `floorcall floor verify`: the tournament's
//! database set up, and every table's chain in it checked.

use std::io::Write;
use std::path::PathBuf;

use clap::Subcommand;

use floorcall::floor::{self, InitOptions, mask};

use super::failure::Failure;
use super::print;

/// A tournament's tables in one PostgreSQL: `floor init` sets the
/// database up, `floor verify` checks every table's record in it.
#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(subcommand)]
    pub command: FloorCmd,
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
    },
    /// Check every table's chain in the database against itself (and
    /// through the journal's own verify), and the floor's records; redo
    /// every draw from its revealed seed (the seed must hash to the
    /// commitment written before it); list any fork. Exits 0 when all
    /// verify, 1 when one does not, 2 when the database cannot be read.
    Verify {
        #[command(flatten)]
        db: DbArgs,
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

/// Runs a floor subcommand, printing to `out`.
pub fn run(args: Args) -> Result<(), Failure> {
    print(|out| match args.command {
        FloorCmd::Init {
            db,
            tables,
            passfile,
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
            Ok(())
        }
        FloorCmd::Verify { db } => {
            let role = floor::floor_role(&db.tournament);
            let verified = floor::connect(&db.floor, Some(&role))
                .and_then(|mut c| floor::verify(&mut c, &db.tournament));
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

/// Why the database could not be used (its password masked): the user's
/// to put right, exit 2.
fn failed(e: &floor::FloorError) -> Failure {
    Failure::User(format!("floorcall floor: {e}"))
}
