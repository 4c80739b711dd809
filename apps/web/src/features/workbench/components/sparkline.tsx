import { type PointerEvent, useState } from 'react';

export interface SparklinePoint {
  /** What the point is (a day: "03-05"). */
  label: string;
  value: number;
}

/** The drawing's own units: the SVG stretches to its box, the line keeps its width (non-scaling stroke). */
const WIDTH = 300;
const HEIGHT = 60;
/** Room above the highest point and below the lowest, so the line is never cut. */
const PAD = 3;

/** The path of the points, oldest left, between the lowest (or 0) and the highest (or 0) value. */
export function sparklinePath(values: readonly number[]): { line: string; area: string } {
  if (values.length === 0) return { line: '', area: '' };
  const max = Math.max(0, ...values);
  const min = Math.min(0, ...values);
  const x = (i: number) => (values.length === 1 ? WIDTH / 2 : (i * WIDTH) / (values.length - 1));
  const y = (v: number) =>
    max === min ? HEIGHT - PAD : PAD + (HEIGHT - 2 * PAD) * (1 - (v - min) / (max - min));
  const points = values.map((v, i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`);
  const line = `M${points.join('L')}`;
  const area = `${line}L${x(values.length - 1).toFixed(1)},${HEIGHT}L${x(0).toFixed(1)},${HEIGHT}Z`;
  return { line, area };
}

/**
 * A small area chart of a series (the workbench's 30-day trends), drawn as one SVG: no chart
 * library. Its title and summary are its accessible name; pointing at it shows the value of the
 * nearest point in its caption.
 */
export function Sparkline({
  title,
  points,
  format,
}: {
  title: string;
  points: readonly SparklinePoint[];
  format: (value: number) => string;
}) {
  const [active, setActive] = useState<number | null>(null);
  const values = points.map((p) => p.value);
  const { line, area } = sparklinePath(values);
  const first = points[0];
  const last = points.at(-1);
  const total = values.reduce((sum, v) => sum + v, 0);
  const summary =
    first && last
      ? `${title}：${first.label} 至 ${last.label}，合计 ${format(total)}，最高 ${format(Math.max(...values))}`
      : `${title}：暂无数据`;
  const shown = active === null ? undefined : points[active];
  const guideX = active === null || points.length < 2 ? WIDTH / 2 : (active * WIDTH) / (points.length - 1);

  const onPointerMove = (event: PointerEvent<SVGSVGElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    if (box.width === 0 || points.length === 0) return;
    const at = Math.round(((event.clientX - box.left) / box.width) * (points.length - 1));
    setActive(Math.min(points.length - 1, Math.max(0, at)));
  };

  return (
    <figure className="sparkline">
      <figcaption className="sparkline-caption">
        <span>{title}</span>
        <span className="sparkline-value" aria-live="polite">
          {shown ? `${shown.label}：${format(shown.value)}` : `合计 ${format(total)}`}
        </span>
      </figcaption>
      <svg
        className="sparkline-chart"
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        preserveAspectRatio="none"
        role="img"
        aria-label={summary}
        onPointerMove={onPointerMove}
        onPointerLeave={() => setActive(null)}
      >
        <title>{summary}</title>
        <path className="sparkline-area" d={area} />
        <path className="sparkline-line" d={line} vectorEffect="non-scaling-stroke" />
        {shown ? (
          <line
            className="sparkline-guide"
            x1={guideX}
            x2={guideX}
            y1={0}
            y2={HEIGHT}
            vectorEffect="non-scaling-stroke"
          />
        ) : null}
      </svg>
    </figure>
  );
}
