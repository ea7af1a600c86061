// Every provider emulator, with what a user would configure for the real one. The conformance
// suite (test/providers/conformance.test.ts) runs each entry; SOURCES.md cites each quirk.
import { startAnthropic } from "./anthropic.js";
import { startAzure } from "./azure.js";
import type { Emulator, EmulatorOptions } from "./core.js";
import { startDeepSeek } from "./deepseek.js";
import { startGemini } from "./gemini.js";
import { startGroq } from "./groq.js";
import { startLlamaCpp } from "./llamacpp.js";
import { startLmStudio } from "./lmstudio.js";
import { startMistral } from "./mistral.js";
import { startOllama } from "./ollama.js";
import { startOpenAI } from "./openai.js";
import { startOpenRouter } from "./openrouter.js";
import { startVllm } from "./vllm.js";

export type { Emulator, EmulatorOptions } from "./core.js";

export interface ProviderEntry {
  /** Test name and id: "openai-reasoning", "gemini", … */
  id: string;
  /** The real endpoint's base URL (`base-url`). */
  baseUrl: string;
  /** A model the real endpoint serves (`model`). */
  model: string;
  /** Whether the endpoint reasons before answering (and may report reasoning tokens). */
  reasoning: boolean;
  start(opts?: EmulatorOptions): Promise<Emulator>;
}

export const PROVIDERS: ProviderEntry[] = [
  {
    id: "openai-reasoning",
    baseUrl: "https://api.openai.com/v1",
    model: "o4-mini",
    reasoning: true,
    start: startOpenAI,
  },
  {
    id: "openai",
    baseUrl: "https://api.openai.com/v1",
    model: "gpt-4.1-mini",
    reasoning: false,
    start: startOpenAI,
  },
  {
    id: "azure",
    baseUrl: "https://<resource>.openai.azure.com/openai/v1",
    model: "gpt-5-mini",
    reasoning: true,
    start: startAzure,
  },
  {
    id: "gemini",
    baseUrl: "https://generativelanguage.googleapis.com/v1beta/openai",
    model: "gemini-2.5-flash",
    reasoning: false,
    start: startGemini,
  },
  {
    id: "anthropic",
    baseUrl: "https://api.anthropic.com/v1",
    model: "claude-sonnet-4-5",
    reasoning: false,
    start: startAnthropic,
  },
  {
    id: "ollama",
    baseUrl: "http://localhost:11434/v1",
    model: "qwen3:8b",
    reasoning: false,
    start: startOllama,
  },
  {
    id: "llama.cpp",
    baseUrl: "http://localhost:8080/v1",
    model: "qwen3-8b",
    reasoning: false,
    start: startLlamaCpp,
  },
  {
    id: "vllm",
    baseUrl: "http://localhost:8000/v1",
    model: "Qwen/Qwen3-8B",
    reasoning: false,
    start: startVllm,
  },
  {
    id: "lmstudio",
    baseUrl: "http://localhost:1234/v1",
    model: "qwen/qwen3-8b",
    reasoning: false,
    start: startLmStudio,
  },
  {
    id: "openrouter",
    baseUrl: "https://openrouter.ai/api/v1",
    model: "anthropic/claude-sonnet-4",
    reasoning: false,
    start: startOpenRouter,
  },
  {
    id: "deepseek",
    baseUrl: "https://api.deepseek.com",
    model: "deepseek-chat",
    reasoning: false,
    start: startDeepSeek,
  },
  {
    id: "groq",
    baseUrl: "https://api.groq.com/openai/v1",
    model: "openai/gpt-oss-20b",
    reasoning: false,
    start: (opts) => startGroq(opts),
  },
  {
    id: "mistral",
    baseUrl: "https://api.mistral.ai/v1",
    model: "mistral-small-latest",
    reasoning: false,
    start: startMistral,
  },
];
