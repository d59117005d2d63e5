#!/bin/sh
# Run by the postgres image once, when its volume is first set up (docker-entrypoint-initdb.d), as
# the superuser: creates tht_app, the role the API and the projection runner connect as. On a
# volume set up before this script existed, run it once by hand; it also hands the product's
# existing schemas over to tht_app:
#   docker compose exec postgres /docker-entrypoint-initdb.d/10-app-role.sh
psql -v ON_ERROR_STOP=1 --username "$POSTGRES_USER" --dbname "$POSTGRES_DB" \
  -v app_password="$APP_DB_PASSWORD" -f /docker-entrypoint-initdb.d/app-role.psql
