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
} from "../../memory-store/record.js";
export { formatEntry, loadMemory, selectMemory, type LoadedMemory } from "./retrieval.js";
export { parseStore, type ParsedStore } from "../../memory-store/parse.js";
export {
  MemoryStoreError,
  type AppendResult,
  type MemoryStore,
  type MemoryStoreErrorCode,
} from "../../memory-store/store.js";
export { isUnder, scopeMemory, sessionMemoryOf } from "./scope.js";
export { createFileStore, type FileStoreOptions } from "./file-store.js";
export { memoryRepository } from "../../github/memory-repository.js";
