-- Search text configurations: English stemming (and plain words for the vocabulary) with accents
-- removed by the unaccent dictionary, so "cafe" finds "Café" on both sides of a match.
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
CREATE TEXT SEARCH CONFIGURATION search_english (COPY = english);--> statement-breakpoint
ALTER TEXT SEARCH CONFIGURATION search_english ALTER MAPPING FOR hword, hword_part, word WITH unaccent, english_stem;--> statement-breakpoint
CREATE TEXT SEARCH CONFIGURATION search_simple (COPY = simple);--> statement-breakpoint
ALTER TEXT SEARCH CONFIGURATION search_simple ALTER MAPPING FOR hword, hword_part, word WITH unaccent, simple;
