import { buildApp } from "./app";
import { loadConfig } from "./config";
import { connect, runMigrations } from "./db/client";
import { openDatabase } from "./db/database";
import { startTicker } from "./lottery/ticker";
import { seed } from "./seed";

/** Starts everything: config, database, migrations, seed, HTTP. Any failure exits non-zero. */
async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase(config, (line) => console.error(`[postgres] ${line}`));
  const db = connect(database.url);
  await runMigrations(db);
  const admin = await seed(db, { username: config.adminUsername, password: config.adminPassword });
  if (admin.generatedPassword) {
    console.log(
      [
        "",
        "==================================================================",
        " First admin account created (shown once, store it safely now):",
        `   username: ${admin.username}`,
        `   password: ${admin.generatedPassword}`,
        "==================================================================",
        "",
      ].join("\n"),
    );
  }
  const app = await buildApp({ config, db, databaseUrl: database.url });
  const ticker = startTicker(db, (msg, err) => app.log.error({ err }, msg));
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, "shutting down");
    ticker.stop();
    await app.close().catch(() => {});
    await db.$client.end().catch(() => {});
    await database.embedded?.stop().catch(() => {});
    process.exit(0);
  };
  process.on("SIGINT", () => void stop("SIGINT"));
  process.on("SIGTERM", () => void stop("SIGTERM"));
  await app.listen({ port: config.port, host: config.host });
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
