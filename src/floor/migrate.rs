//! The floor's schema migrations, in refinery's form: each file of
//! `migrations/` (`V{version}__{name}.sql`) applied once, in order, and
//! recorded in `refinery_schema_history` with refinery's checksum. A
//! database an earlier release set up (through refinery 0.9) upgrades in
//! place, and refinery reads one set up now.
//!
//! Kept here rather than taken from refinery: for these two files it built
//! 38 crates (two regular-expression engines, a URL parser with Unicode's
//! IDNA tables, a directory walker), 26 s of the CPU a new 2-core machine
//! has for its 2-minute `cargo build --release`. And where refinery
//! applies a migration and records it in two transactions, here both are
//! one: a migration is recorded if and only if it is applied.

use std::fmt;
use std::hash::{Hash, Hasher};

use chrono::{SecondsFormat, Utc};
use postgres::Client;
use siphasher::sip::SipHasher13;

use super::FloorError;

/// One migration of the schema.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Migration {
    /// Its version: the order it is applied in.
    pub version: i32,
    /// Its name (the file's, after `V{version}__`).
    pub name: &'static str,
    /// What it runs.
    pub sql: &'static str,
}

/// The schema's migrations, oldest first: each file of `migrations/`. A new
/// one is added here as well as there (a test holds the two the same).
pub const MIGRATIONS: &[Migration] = &[
    Migration {
        version: 1,
        name: "floor",
        sql: include_str!("migrations/V1__floor.sql"),
    },
    Migration {
        version: 2,
        name: "meta",
        sql: include_str!("migrations/V2__meta.sql"),
    },
];

impl Migration {
    /// refinery's checksum: SipHash-1-3 (zero keys) of the name, the
    /// version and the SQL, each hashed as Rust hashes it.
    pub fn checksum(&self) -> u64 {
        let mut hasher = SipHasher13::new();
        self.name.hash(&mut hasher);
        self.version.hash(&mut hasher);
        self.sql.hash(&mut hasher);
        hasher.finish()
    }
}

impl fmt::Display for Migration {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "V{}__{}", self.version, self.name)
    }
}

/// A migration the database records as applied.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Applied {
    /// Its version.
    pub version: i32,
    /// Its name.
    pub name: String,
    /// Its checksum, as written (a decimal `u64`).
    pub checksum: String,
}

/// refinery's table of the migrations applied.
const HISTORY: &str = "refinery_schema_history";

/// Applies, in one transaction, every migration the database has not had,
/// each recorded with its checksum; returns those applied (`V2__meta`).
/// Refused, changing nothing, when the database's history is not this
/// release's: a migration changed since it was applied, or one this
/// release does not have (a later release set the database up).
pub fn migrate(client: &mut Client) -> Result<Vec<String>, FloorError> {
    let mut tx = client.transaction()?;
    tx.batch_execute(&format!(
        "CREATE TABLE IF NOT EXISTS {HISTORY} (version INT4 PRIMARY KEY, name VARCHAR(255), \
         applied_on VARCHAR(255), checksum VARCHAR(255)); \
         LOCK TABLE {HISTORY} IN EXCLUSIVE MODE;"
    ))?;
    let applied: Vec<Applied> = tx
        .query(
            &format!("SELECT version, name, checksum FROM {HISTORY} ORDER BY version"),
            &[],
        )?
        .iter()
        .map(|row| Applied {
            version: row.get(0),
            name: row.get::<_, Option<String>>(1).unwrap_or_default(),
            checksum: row.get::<_, Option<String>>(2).unwrap_or_default(),
        })
        .collect();
    let due = pending(&applied, MIGRATIONS)
        .map_err(|why| FloorError::Db(format!("migrating the floor's schema: {why}")))?;
    let now = Utc::now().to_rfc3339_opts(SecondsFormat::AutoSi, true);
    for migration in &due {
        tx.batch_execute(migration.sql).map_err(|e| {
            FloorError::Db(format!("migrating the floor's schema: {migration}: {e}"))
        })?;
        tx.execute(
            &format!(
                "INSERT INTO {HISTORY} (version, name, applied_on, checksum) VALUES ($1, $2, $3, $4)"
            ),
            &[
                &migration.version,
                &migration.name,
                &now,
                &migration.checksum().to_string(),
            ],
        )?;
    }
    tx.commit()?;
    Ok(due.iter().map(ToString::to_string).collect())
}

/// The migrations still to apply, in order, or why the history is not
/// this release's (refinery's own checks: none applied is missing here or
/// different here, none of ours older than the newest applied is missing
/// there).
pub fn pending<'m>(
    applied: &[Applied],
    ours: &'m [Migration],
) -> Result<Vec<&'m Migration>, String> {
    for a in applied {
        let Some(m) = ours.iter().find(|m| m.version == a.version) else {
            return Err(format!(
                "the database has migration V{}__{}, which this release does not have: \
                 it was set up by a later release of floorcall",
                a.version, a.name
            ));
        };
        if m.name != a.name || m.checksum().to_string() != a.checksum {
            return Err(format!(
                "the database's migration V{}__{} (checksum {}) is not this release's {m} \
                 (checksum {}): it was changed after it was applied",
                a.version,
                a.name,
                a.checksum,
                m.checksum()
            ));
        }
    }
    let newest = applied.iter().map(|a| a.version).max();
    let mut due: Vec<&Migration> = ours
        .iter()
        .filter(|m| applied.iter().all(|a| a.version != m.version))
        .collect();
    due.sort_by_key(|m| m.version);
    if let Some(m) = due.iter().find(|m| newest.is_some_and(|n| m.version < n)) {
        return Err(format!(
            "migration {m} was never applied, and the database has later ones"
        ));
    }
    Ok(due)
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    use super::*;

    fn applied(m: &Migration) -> Applied {
        Applied {
            version: m.version,
            name: m.name.into(),
            checksum: m.checksum().to_string(),
        }
    }

    #[test]
    fn every_migration_file_is_listed_in_order() {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/floor/migrations");
        let mut files: Vec<String> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().into_string().unwrap())
            .collect();
        files.sort_by_key(|f| {
            f.trim_start_matches('V')
                .split("__")
                .next()
                .and_then(|v| v.parse::<i32>().ok())
        });
        let listed: Vec<String> = MIGRATIONS.iter().map(|m| format!("{m}.sql")).collect();
        assert_eq!(listed, files, "MIGRATIONS must list every file of {dir:?}");
        for (i, m) in MIGRATIONS.iter().enumerate() {
            assert_eq!(m.version, i as i32 + 1);
            let text = std::fs::read_to_string(dir.join(format!("{m}.sql"))).unwrap();
            assert_eq!(m.sql, text, "{m}");
        }
    }

    #[test]
    fn the_checksums_are_refinerys() {
        // V1 as the release of 27 November recorded it through refinery
        // 0.9.2 (tests/history/2026-11-27-d31a39b/floor/floor.sql); V2 as
        // refinery 0.9.2 computed it on 29 November.
        assert_eq!(MIGRATIONS[0].checksum(), 4617593963235144542);
        assert_eq!(MIGRATIONS[1].checksum(), 15133603320930202801);
    }

    #[test]
    fn what_is_due_is_what_the_database_has_not_had() {
        let all: Vec<&Migration> = MIGRATIONS.iter().collect();
        assert_eq!(pending(&[], MIGRATIONS).unwrap(), all);
        assert_eq!(
            pending(&[applied(&MIGRATIONS[0])], MIGRATIONS).unwrap(),
            [&MIGRATIONS[1]]
        );
        let both: Vec<Applied> = MIGRATIONS.iter().map(applied).collect();
        assert!(pending(&both, MIGRATIONS).unwrap().is_empty());
    }

    #[test]
    fn a_history_not_this_releases_is_refused() {
        let mut changed = applied(&MIGRATIONS[0]);
        changed.checksum = "1".into();
        let why = pending(&[changed], MIGRATIONS).unwrap_err();
        assert!(
            why.contains("V1__floor (checksum 1) is not this release's V1__floor"),
            "{why}"
        );
        let later = Applied {
            version: 3,
            name: "later".into(),
            checksum: "7".into(),
        };
        let mut history: Vec<Applied> = MIGRATIONS.iter().map(applied).collect();
        history.push(later);
        let why = pending(&history, MIGRATIONS).unwrap_err();
        assert!(
            why.contains("V3__later, which this release does not have"),
            "{why}"
        );
        let gap = [applied(&MIGRATIONS[1])];
        let why = pending(&gap, MIGRATIONS).unwrap_err();
        assert_eq!(
            why,
            "migration V1__floor was never applied, and the database has later ones"
        );
    }
}
