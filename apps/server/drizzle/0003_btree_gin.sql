-- btree_gin lets one GIN index hold the seller id beside the trigrams, so a seller's search reads only their rows.
CREATE EXTENSION IF NOT EXISTS btree_gin;
