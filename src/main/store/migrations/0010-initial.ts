import { FTS_TABLE_SQL, FTS_TRIGGERS_SQL } from '../fts'
import type { WriteDb } from '../handles'

/**
 * The first schema: profiles, the catalogue cache (per profile, so two services never mix), the
 * user's collection state, the outbox, the journal and sync state. Secrets are never stored here.
 */
export function up(db: WriteDb): void {
  db.exec(`
    CREATE TABLE profiles (
      id INTEGER PRIMARY KEY,
      kind TEXT NOT NULL CHECK (kind IN ('demo', 'custom')),
      label TEXT NOT NULL,
      base_url TEXT NOT NULL,
      binding TEXT NOT NULL DEFAULT 'auto',
      paths TEXT NOT NULL DEFAULT '{}',
      namespaces TEXT,
      username TEXT,
      created_at TEXT NOT NULL,
      UNIQUE (kind, base_url)
    ) STRICT;

    CREATE TABLE settings (
      key TEXT PRIMARY KEY,
      value TEXT NOT NULL
    ) STRICT;

    CREATE TABLE sets (
      id INTEGER PRIMARY KEY,
      profile_id INTEGER NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
      set_id INTEGER NOT NULL,
      number TEXT NOT NULL,
      number_variant INTEGER NOT NULL,
      full_number TEXT NOT NULL,
      number_sort INTEGER NOT NULL,
      name TEXT NOT NULL,
      year INTEGER,
      theme TEXT NOT NULL,
      theme_group TEXT NOT NULL,
      subtheme TEXT NOT NULL,
      pieces INTEGER,
      minifigs INTEGER,
      availability TEXT NOT NULL,
      rating REAL NOT NULL,
      tags TEXT NOT NULL,
      ean TEXT,
      upc TEXT,
      uk_price TEXT,
      us_price TEXT,
      ca_price TEXT,
      eu_price TEXT,
      thumbnail_url TEXT,
      large_thumbnail_url TEXT,
      image_url TEXT,
      last_updated TEXT NOT NULL,
      detail TEXT NOT NULL,
      fetched_at TEXT NOT NULL,
      UNIQUE (profile_id, set_id)
    ) STRICT;
    CREATE INDEX sets_by_number ON sets (profile_id, number_sort, number, number_variant);
    CREATE INDEX sets_by_full_number ON sets (profile_id, full_number);
    CREATE INDEX sets_by_name ON sets (profile_id, name);
    CREATE INDEX sets_by_year ON sets (profile_id, year, number_sort);
    CREATE INDEX sets_by_theme ON sets (profile_id, theme, subtheme, year);
    CREATE INDEX sets_by_pieces ON sets (profile_id, pieces);
    CREATE INDEX sets_by_rating ON sets (profile_id, rating);
    CREATE INDEX sets_by_updated ON sets (profile_id, last_updated);
    CREATE INDEX sets_by_availability ON sets (profile_id, availability);

  `)
  db.exec(FTS_TABLE_SQL)
  db.exec(FTS_TRIGGERS_SQL)
  db.exec(`
    CREATE TABLE themes (
      profile_id INTEGER NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
      theme TEXT NOT NULL,
      set_count INTEGER NOT NULL,
      subtheme_count INTEGER NOT NULL,
      year_from INTEGER NOT NULL,
      year_to INTEGER NOT NULL,
      PRIMARY KEY (profile_id, theme)
    ) STRICT;

    CREATE TABLE subthemes (
      profile_id INTEGER NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
      theme TEXT NOT NULL,
      subtheme TEXT NOT NULL,
      set_count INTEGER NOT NULL,
      year_from INTEGER NOT NULL,
      year_to INTEGER NOT NULL,
      PRIMARY KEY (profile_id, theme, subtheme)
    ) STRICT;

    CREATE TABLE years (
      profile_id INTEGER NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
      theme TEXT NOT NULL,
      year TEXT NOT NULL,
      set_count INTEGER NOT NULL,
      PRIMARY KEY (profile_id, theme, year)
    ) STRICT;

    CREATE TABLE set_extras (
      profile_id INTEGER NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
      set_id INTEGER NOT NULL,
      fetched_at TEXT NOT NULL,
      PRIMARY KEY (profile_id, set_id)
    ) STRICT;

    CREATE TABLE set_images (
      profile_id INTEGER NOT NULL,
      set_id INTEGER NOT NULL,
      position INTEGER NOT NULL,
      thumbnail_url TEXT NOT NULL,
      large_thumbnail_url TEXT NOT NULL,
      image_url TEXT NOT NULL,
      PRIMARY KEY (profile_id, set_id, position),
      FOREIGN KEY (profile_id, set_id) REFERENCES set_extras (profile_id, set_id) ON DELETE CASCADE
    ) STRICT;

    CREATE TABLE set_instructions (
      profile_id INTEGER NOT NULL,
      set_id INTEGER NOT NULL,
      position INTEGER NOT NULL,
      url TEXT NOT NULL,
      description TEXT NOT NULL,
      PRIMARY KEY (profile_id, set_id, position),
      FOREIGN KEY (profile_id, set_id) REFERENCES set_extras (profile_id, set_id) ON DELETE CASCADE
    ) STRICT;

    CREATE TABLE set_reviews (
      profile_id INTEGER NOT NULL,
      set_id INTEGER NOT NULL,
      position INTEGER NOT NULL,
      author TEXT NOT NULL,
      date_posted TEXT NOT NULL,
      title TEXT NOT NULL,
      text TEXT NOT NULL,
      overall_rating INTEGER NOT NULL,
      parts INTEGER NOT NULL,
      building_experience INTEGER NOT NULL,
      playability INTEGER NOT NULL,
      value_for_money INTEGER NOT NULL,
      PRIMARY KEY (profile_id, set_id, position),
      FOREIGN KEY (profile_id, set_id) REFERENCES set_extras (profile_id, set_id) ON DELETE CASCADE
    ) STRICT;

    CREATE TABLE conditions (
      profile_id INTEGER NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
      which TEXT NOT NULL CHECK (which IN ('acquired', 'now')),
      position INTEGER NOT NULL,
      condition TEXT NOT NULL,
      PRIMARY KEY (profile_id, which, position)
    ) STRICT;

    -- The user's collection. A row exists once the set has any state; flags bit 0 is flag 1.
    CREATE TABLE set_state (
      profile_id INTEGER NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
      set_id INTEGER NOT NULL,
      owned INTEGER NOT NULL DEFAULT 0 CHECK (owned IN (0, 1)),
      wanted INTEGER NOT NULL DEFAULT 0 CHECK (wanted IN (0, 1)),
      qty_owned INTEGER NOT NULL DEFAULT 0 CHECK (qty_owned BETWEEN 0 AND 999),
      notes TEXT NOT NULL DEFAULT '',
      rating INTEGER NOT NULL DEFAULT 0 CHECK (rating BETWEEN 0 AND 5),
      flags INTEGER NOT NULL DEFAULT 0 CHECK (flags BETWEEN 0 AND 255),
      updated_at TEXT NOT NULL,
      PRIMARY KEY (profile_id, set_id)
    ) STRICT;
    CREATE INDEX set_state_owned ON set_state (profile_id, set_id) WHERE owned = 1;
    CREATE INDEX set_state_wanted ON set_state (profile_id, set_id) WHERE wanted = 1;
    CREATE INDEX set_state_flagged ON set_state (profile_id, set_id) WHERE flags <> 0;

    -- Per-copy details; a deleted copy stays as a tombstone until the service confirmed the delete.
    CREATE TABLE copies (
      local_id TEXT PRIMARY KEY,
      profile_id INTEGER NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
      set_id INTEGER NOT NULL,
      collection_id INTEGER,
      date_acquired TEXT NOT NULL DEFAULT '',
      currency TEXT NOT NULL DEFAULT '',
      price_paid REAL NOT NULL DEFAULT 0,
      additional_price_paid REAL NOT NULL DEFAULT 0,
      current_estimated_value REAL NOT NULL DEFAULT 0,
      condition_when_acquired TEXT NOT NULL DEFAULT '',
      acquired_from TEXT NOT NULL DEFAULT '',
      condition_now TEXT NOT NULL DEFAULT '',
      location TEXT NOT NULL DEFAULT '',
      notes TEXT NOT NULL DEFAULT '',
      parts INTEGER NOT NULL DEFAULT 0,
      minifigs INTEGER NOT NULL DEFAULT 0,
      instructions INTEGER NOT NULL DEFAULT 0,
      box INTEGER NOT NULL DEFAULT 0,
      will_trade INTEGER NOT NULL DEFAULT 0,
      deleted INTEGER NOT NULL DEFAULT 0 CHECK (deleted IN (0, 1)),
      updated_at TEXT NOT NULL
    ) STRICT;
    CREATE INDEX copies_by_set ON copies (profile_id, set_id);
    CREATE UNIQUE INDEX copies_by_collection_id ON copies (profile_id, collection_id)
      WHERE collection_id IS NOT NULL;

    CREATE TABLE minifig_state (
      profile_id INTEGER NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
      minifig_number TEXT NOT NULL,
      name TEXT NOT NULL DEFAULT '',
      category TEXT NOT NULL DEFAULT '',
      owned_in_sets INTEGER NOT NULL DEFAULT 0,
      owned_loose INTEGER NOT NULL DEFAULT 0 CHECK (owned_loose BETWEEN 0 AND 999),
      wanted INTEGER NOT NULL DEFAULT 0 CHECK (wanted IN (0, 1)),
      updated_at TEXT NOT NULL,
      PRIMARY KEY (profile_id, minifig_number)
    ) STRICT;

    CREATE TABLE flag_labels (
      profile_id INTEGER NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
      flag_no INTEGER NOT NULL CHECK (flag_no BETWEEN 1 AND 8),
      label TEXT NOT NULL,
      PRIMARY KEY (profile_id, flag_no)
    ) STRICT;

    CREATE TABLE collection_totals (
      profile_id INTEGER PRIMARY KEY REFERENCES profiles (id) ON DELETE CASCADE,
      sets_owned INTEGER NOT NULL,
      distinct_sets_owned INTEGER NOT NULL,
      sets_wanted INTEGER NOT NULL,
      minifigs_owned INTEGER NOT NULL,
      minifigs_wanted INTEGER NOT NULL,
      fetched_at TEXT NOT NULL
    ) STRICT;

    -- Undo/redo: forward and backward are JSON lists of absolute edits.
    CREATE TABLE journal (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      profile_id INTEGER NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
      at TEXT NOT NULL,
      description TEXT NOT NULL,
      forward TEXT NOT NULL,
      backward TEXT NOT NULL,
      undone INTEGER NOT NULL DEFAULT 0 CHECK (undone IN (0, 1)),
      batch_id TEXT
    ) STRICT;
    CREATE INDEX journal_by_profile ON journal (profile_id, id);

    -- Edits waiting for the service. desired/base/server are JSON values of one field of one target.
    CREATE TABLE outbox (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      profile_id INTEGER NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
      set_id INTEGER,
      target TEXT NOT NULL,
      field TEXT NOT NULL,
      desired TEXT NOT NULL,
      base TEXT NOT NULL,
      state TEXT NOT NULL DEFAULT 'pending'
        CHECK (state IN ('pending', 'needs_attention', 'conflict')),
      reason TEXT,
      server TEXT,
      attempts INTEGER NOT NULL DEFAULT 0,
      journal_id INTEGER REFERENCES journal (id) ON DELETE SET NULL,
      created_at TEXT NOT NULL,
      updated_at TEXT NOT NULL
    ) STRICT;
    CREATE INDEX outbox_by_target ON outbox (profile_id, target, field, state);
    CREATE INDEX outbox_by_set ON outbox (profile_id, set_id) WHERE set_id IS NOT NULL;

    CREATE TABLE sync_state (
      profile_id INTEGER NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
      key TEXT NOT NULL,
      value TEXT NOT NULL,
      PRIMARY KEY (profile_id, key)
    ) STRICT;

    -- getSets calls per UTC day (the service's daily allowance counts only those).
    CREATE TABLE allowance (
      profile_id INTEGER NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
      day TEXT NOT NULL,
      used INTEGER NOT NULL DEFAULT 0,
      limit_per_day INTEGER,
      PRIMARY KEY (profile_id, day)
    ) STRICT;
  `)
}
