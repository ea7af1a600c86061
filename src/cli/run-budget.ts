import type { ModelPort, Usage } from "../model/port.js";
import { costOf } from "../model/price.js";
import { addUsage, billedTokens, noUsage } from "../model/usage.js";
import type { StopReason } from "../outcome/outcome.js";
import type { Budget } from "./budget-flags.js";

/**
 * What a run's model requests spent, across every model it uses (an RLM run's root, children and
 * nested runs). Before each request it checks the budget; once spent, it stops the run with the
 * limit as the reason, so the command reports which flag ended it.
 */
export class SpendMeter {
  readonly usage = noUsage();

  constructor(
    private readonly budget: Budget,
    private readonly stop: (reason: StopReason) => void,
  ) {}

  get costUsd(): number | undefined {
    return costOf(this.usage, this.budget.prices);
  }

  /** The limit that is reached, if any. */
  reached(): StopReason | undefined {
    const { maxTokens, maxCostUsd } = this.budget;
    const tokens = billedTokens(this.usage);
    if (maxTokens !== undefined && tokens >= maxTokens) return "max-tokens";
    const cost = this.costUsd;
    if (maxCostUsd !== undefined && cost !== undefined && cost >= maxCostUsd) return "max-cost";
    return undefined;
  }

  add(usage: Usage): void {
    addUsage(this.usage, usage);
  }

  /** The model, its requests counted and refused once the budget is spent. */
  wrap(model: ModelPort): ModelPort {
    return {
      model: model.model,
      complete: async (messages, tools, signal, options) => {
        const limit = this.reached();
        if (limit) {
          this.stop(limit);
          throw new Error(`the run's budget is spent (${limit})`);
        }
        const reply = await model.complete(messages, tools, signal, options);
        this.add(reply.usage);
        return reply;
      },
    };
  }
}
