/** The queues module's public API: what other modules, the inbound path, the HTTP routes, the jobs and ops may use. */
export { createQueueOption, deleteOptionMedia, deleteQueueOption, listQueueOptions, updateQueueOption, uploadOptionMedia } from "./options";
export { listOptions } from "./options-queries";
export { findQueue, queueMenuOrder, queuesByIds } from "./queries";
export { assertGreetingRule } from "./rules";
export { type QueueOptionRow, type QueueRow, queues } from "./schema";
export { createQueue, deleteQueue, deleteQueueMedia, listQueues, serializeQueue, showQueue, updateQueue, uploadQueueMedia } from "./service";
