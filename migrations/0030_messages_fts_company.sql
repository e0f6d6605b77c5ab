-- Ticket search by word finds the company's matches in the FTS index itself: the index becomes
-- contentless, keyed by (company_id << 44) | message id, so one company's messages are one rowid range
-- (rowid >= company << 44 and rowid < (company + 1) << 44) and other companies' hits are never read.
-- Bounds: message ids below 2^44, company ids below 2^19. Same tokenizer, same text indexed.
DROP TRIGGER IF EXISTS `messages_fts_ai`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `messages_fts_ad`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `messages_fts_au`;
--> statement-breakpoint
DROP TABLE IF EXISTS `messages_fts`;
--> statement-breakpoint
CREATE VIRTUAL TABLE `messages_fts` USING fts5(body, content='', contentless_delete=1, tokenize='unicode61 remove_diacritics 2');
--> statement-breakpoint
INSERT INTO messages_fts(rowid, body) SELECT (company_id << 44) | id, body FROM messages;
--> statement-breakpoint
CREATE TRIGGER `messages_fts_ai` AFTER INSERT ON `messages` BEGIN
  INSERT INTO messages_fts(rowid, body) VALUES ((new.company_id << 44) | new.id, new.body);
END;
--> statement-breakpoint
CREATE TRIGGER `messages_fts_ad` AFTER DELETE ON `messages` BEGIN
  DELETE FROM messages_fts WHERE rowid = (old.company_id << 44) | old.id;
END;
--> statement-breakpoint
CREATE TRIGGER `messages_fts_au` AFTER UPDATE OF body, company_id ON `messages` BEGIN
  DELETE FROM messages_fts WHERE rowid = (old.company_id << 44) | old.id;
  INSERT INTO messages_fts(rowid, body) VALUES ((new.company_id << 44) | new.id, new.body);
END;
