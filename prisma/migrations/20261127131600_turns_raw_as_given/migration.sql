-- Imports write turns faster (issue 20), and turns.raw keeps each log line as it came.
--
-- raw is the whole log line, about 1 KB a turn. As jsonb, PostgreSQL parsed every line into
-- its binary form on the way in (and gave back reordered keys and its own spacing); as json
-- it checks the text is JSON and stores it as given. Nothing reads into raw with jsonb
-- operators; the application reads it whole (Prisma parses json and jsonb alike). Rows
-- stored before keep the text jsonb gave them.
ALTER TABLE "turns" ALTER COLUMN "raw" SET DATA TYPE JSON;

-- A turn row is about 2 KB (the response, and raw, which holds it again). Past PostgreSQL's
-- 2 KB threshold a row was compressed with pglz (which rarely shrinks text this short by
-- the quarter it asks for) and then moved out of line into the TOAST table: both for most
-- imported turns, about 13 µs of database CPU each. With a target of a whole page, rows up
-- to ~8 KB stay in the table as they are; longer ones are still compressed and moved out.
ALTER TABLE "turns" SET (toast_tuple_target = 8160);
