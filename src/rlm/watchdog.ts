/** A countdown that can rest while the cell waits on the host. */
export class Watchdog {
  private timer: NodeJS.Timeout | undefined;
  private since = 0;

  constructor(
    private left: number,
    private readonly fire: () => void,
  ) {}

  resume(): void {
    this.since = Date.now();
    this.timer = setTimeout(this.fire, Math.max(0, this.left));
  }

  pause(): void {
    clearTimeout(this.timer);
    this.left -= Date.now() - this.since;
  }

  stop(): void {
    clearTimeout(this.timer);
  }
}
