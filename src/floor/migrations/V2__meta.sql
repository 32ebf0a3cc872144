-- What this database's floor reads, written by `floor init`: each table
-- checks it on connecting and is refused at once, both versions named,
-- by a floor that cannot read what it writes (and a floor by a database
-- set up for a later one). A database without it was set up by a release
-- that read event version 1.
CREATE TABLE floorcall.meta (
    key text PRIMARY KEY,
    value text NOT NULL
);
GRANT SELECT ON floorcall.meta TO floorcall_tables, floorcall_floors;
