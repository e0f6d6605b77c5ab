-- SQLite's functions that the module schemas use in expressions (index expressions, generated columns), in
-- PostgreSQL terms, created before any table: the schema is written once (sqlite-core) and derived for PostgreSQL.
-- julianday(text): the Julian day number of an ISO-8601 instant (the app writes toISOString(): UTC, 'Z'); NULL in,
-- NULL out. IMMUTABLE (index expressions require it): the input carries its zone and the function's own time zone
-- is UTC, so the session's TimeZone cannot change the answer.
CREATE FUNCTION julianday(t text) RETURNS double precision
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  SET timezone = 'UTC'
  RETURN (extract(epoch FROM t::timestamptz) / 86400 + 2440587.5)::double precision;
