//! The table's link to the floor as the app sees it: poked after every
//! change (the journal has its records on disk by then), and its state
//! read for the status line. Never waited on: a poke and a look each take
//! the link's lock for an instant, and the link's thread does the
//! network's waiting.

use std::fmt;

use crate::floor::{Link, LinkStatus};

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
