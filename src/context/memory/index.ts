/** Explicit memory: typed entries appended to a JSONL store, retrieved by the seed's rule. */
export {
  ENTRY_TYPES,
  MEMORY_TEXT_MAX,
  idForComment,
  isEntry,
  memoryEntrySchema,
  memoryRowSchema,
  memoryTombstoneSchema,
  parseEntryType,
  randomId,
  serializeRow,
  type EntryType,
  type MemoryRecord,
  type MemoryRow,
  type MemoryTombstone,
} from "./record.js";
export {
  formatEntry,
  loadMemory,
  parseStore,
  selectMemory,
  type LoadedMemory,
  type ParsedStore,
} from "./retrieval.js";
export {
  MemoryStoreError,
  type AppendResult,
  type MemoryStore,
  type MemoryStoreErrorCode,
} from "./store.js";
export { createFileStore, type FileStoreOptions } from "./file-store.js";
export { memoryRepository } from "./repository.js";
export {
  handleMemoryCommand,
  isMemoryCommand,
  type MemoryCommandDeps,
  type MemoryCommandName,
  type MemoryCommandResult,
} from "./handle-command.js";
export { REMEMBER_USAGE, FORGET_USAGE } from "./command-args.js";
