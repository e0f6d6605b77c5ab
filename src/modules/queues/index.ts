/** The queues module's public API: what other modules, the inbound path, the HTTP routes, the jobs and ops may use. */
export { createQueueOption, deleteQueueOption, listQueueOptions, updateQueueOption, setOptionMedia } from "./options";
export { listOptions } from "./options-queries";
export { findQueue, queueMenuOrder, queuesByIds } from "./queries";
export { assertGreetingRule } from "./rules";
export { type QueueOptionRow, type QueueRow, queues } from "./schema";
export { createQueue, deleteQueue, listQueues, serializeQueue, showQueue, setQueueMedia, updateQueue } from "./service";
