// Child process of partitionLeases.test.ts: holds executor partitions by lease until killed.
// Usage: node --import tsx holdLeases.ts <natsUrl> <bucket> <ownerId> <partitions>
// Prints one JSON line per change: {"acquired": n} or {"released": n, "reason": "..."}.
import { startPartitionLeases } from '../startPartitionLeases.js';

const [servers, bucket, ownerId, partitions] = process.argv.slice(2);
if (!servers || !bucket || !ownerId || !partitions) throw new Error('usage: <natsUrl> <bucket> <ownerId> <partitions>');
await startPartitionLeases({
  servers,
  bucket,
  ownerId,
  partitions: Number(partitions),
  onAcquire: (partition) => void process.stdout.write(`${JSON.stringify({ acquired: partition })}\n`),
  onRelease: async (partition, reason) => void process.stdout.write(`${JSON.stringify({ released: partition, reason })}\n`),
});
