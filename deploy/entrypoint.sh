#!/bin/sh
# Container entry: restore the databases from the replica when the volume is empty, then run the
# app under Litestream so every write is streamed. Without LITESTREAM_REPLICA_URL it just starts.
set -eu
if [ -n "${LITESTREAM_REPLICA_URL:-}" ]; then
  if [ ! -f "$DATA_DIR/control.sqlite" ]; then
    echo "Empty DATA_DIR: restoring from $LITESTREAM_REPLICA_URL"
    npx tsx scripts/litestream-restore.ts
  fi
  exec litestream replicate -config /etc/litestream.yml -exec "npx tsx scripts/start.ts"
fi
exec npx tsx scripts/start.ts
