import { describe, expect, it } from "vitest";
import { z } from "zod";
import { reviewTools } from "../../../src/agent/tools/index.js";

describe("reviewTools", () => {
  it("is the read-only set, with unique names", () => {
    expect(reviewTools.map((t) => t.name)).toEqual([
      "read_file",
      "list_files",
      "search",
      "git_diff",
    ]);
  });

  it("describes every parameter in the JSON schema the model sees", () => {
    for (const tool of reviewTools) {
      const schema = z.toJSONSchema(tool.parameters) as {
        type: string;
        properties: Record<string, { description?: string }>;
      };
      expect(schema.type, tool.name).toBe("object");
      expect(Object.keys(schema.properties).length, tool.name).toBeGreaterThan(0);
      for (const [key, property] of Object.entries(schema.properties)) {
        expect(property.description, `${tool.name}.${key}`).toBeTruthy();
      }
      expect(tool.description.length).toBeGreaterThan(20);
    }
  });
});
