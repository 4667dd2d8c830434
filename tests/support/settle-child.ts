// Settles one round batch by batch in a separate process, so a test can kill it mid-way.
import { connect } from "../../src/server/db/client";
import { settleBatch } from "../../src/server/settlement/settle";

const [url, roundId, batch] = process.argv.slice(2);
const db = connect(url!, { max: 2 });
let commission: number | null = 0;
for (;;) {
  const n = await settleBatch(db, Number(roundId), Number(batch), undefined, commission);
  commission = n.commission;
  if (n.lines === 0 && commission === null) break;
}
await db.$client.end();
