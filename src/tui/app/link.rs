//! The table's link to the floor as the app sees it: poked after every
//! change (the journal has its records on disk by then), and its state
//! read for the status line. Never waited on: a poke and a look each take
//! the link's lock for an instant, and the link's thread does the
//! network's waiting. The floor's records come the other way, through the
//! table's inbox: read by its own thread, looked at on every tick.

use std::fmt;

use crate::floor::{Inbox, Link, LinkStatus, ReaderStatus};
use crate::tournament::FloorRecord;

/// What the app needs of a link to the floor ([`Link`]; a test may give
/// another).
pub trait FloorLink: Send + fmt::Debug {
    /// The journal has new records.
    fn poke(&self);
    /// The link's state now.
    fn status(&self) -> LinkStatus;
}

impl FloorLink for Link {
    fn poke(&self) {
        Link::poke(self);
    }

    fn status(&self) -> LinkStatus {
        Link::status(self)
    }
}

/// What the app needs of the floor's records for this table ([`Inbox`];
/// a test may give another). Never waited on: each call takes the
/// inbox's lock for an instant.
pub trait FloorInbox: Send + fmt::Debug {
    /// This table's name in the tournament.
    fn table(&self) -> String;
    /// Counts every change of the records or the status.
    fn version(&self) -> u64;
    /// The floor's records read so far, in order.
    fn records(&self) -> Vec<FloorRecord>;
    /// Whether they are being read.
    fn status(&self) -> ReaderStatus;
    /// Why the reading stopped for good (a floor record changed).
    fn broken(&self) -> Option<String>;
}

impl FloorInbox for Inbox {
    fn table(&self) -> String {
        Inbox::table(self).to_string()
    }

    fn version(&self) -> u64 {
        Inbox::version(self)
    }

    fn records(&self) -> Vec<FloorRecord> {
        Inbox::records(self)
    }

    fn status(&self) -> ReaderStatus {
        Inbox::status(self)
    }

    fn broken(&self) -> Option<String> {
        Inbox::broken(self)
    }
}
