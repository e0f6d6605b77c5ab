-- SQLite's functions that the module schemas use in expressions (index expressions, generated columns), in
-- PostgreSQL terms, created before any table: the schema is written once (sqlite-core) and derived for PostgreSQL.
-- julianday(text): the Julian day number of an ISO-8601 instant (the app writes toISOString(): UTC, 'Z'); NULL for
-- NULL or for text that is not a time, as SQLite answers (a row is never refused for it). IMMUTABLE (index
-- expressions require it): the input carries its zone and the function runs in UTC, whatever the session's TimeZone.
CREATE FUNCTION julianday(t text) RETURNS double precision
  LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE
  SET timezone = 'UTC'
AS $$
BEGIN
  RETURN (extract(epoch FROM t::timestamptz) / 86400 + 2440587.5)::double precision;
EXCEPTION WHEN invalid_datetime_format OR datetime_field_overflow OR invalid_parameter_value THEN
  RETURN NULL;
END
$$;
