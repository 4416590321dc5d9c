-- Trigram search (products by name and SKU, orders by number, customer and product) needs pg_trgm.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
