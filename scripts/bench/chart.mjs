// The latest `npm run bench` as an SVG (docs/bench-latest.svg): one bar per line, its length the
// figure against its goal (the goal mark at the same place on every row), green when the goal is
// met, amber when not. Hand-written SVG: no chart library for a dozen rows.

const escape = (text) => String(text).replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/** How far along the row a figure goes, the goal at 0.6 of the width (lower-is-better goals inverted). */
function position(line) {
  const goal = Number(String(line.goal).replace(/[^\d.]/g, ''));
  const higherIsBetter = String(line.goal).startsWith('≥');
  if (String(line.goal).startsWith('=')) return line.pass ? 0.6 : 1;
  if (!goal) return 0.6;
  const share = higherIsBetter ? line.value / goal : goal / Math.max(line.value, 1e-9);
  return Math.max(0.02, Math.min(1, 0.6 * share));
}

export function benchChart(lines, { at, quick }) {
  const rowHeight = 30;
  const labelWidth = 430;
  const barWidth = 360;
  const width = labelWidth + barWidth + 150;
  const height = 60 + lines.length * rowHeight;
  const rows = lines
    .map((line, index) => {
      const y = 50 + index * rowHeight;
      const length = position(line) * barWidth;
      const colour = line.pass ? '#16a34a' : '#d97706';
      return `  <text x="10" y="${y + 15}" font-size="12">${escape(line.label)}</text>
  <rect x="${labelWidth}" y="${y + 4}" width="${length.toFixed(1)}" height="16" rx="3" fill="${colour}"/>
  <text x="${labelWidth + barWidth + 8}" y="${y + 16}" font-size="12">${escape(`${line.value}${line.unit ? ` ${line.unit}` : ''} (${line.goal})`)}</text>`;
    })
    .join('\n');
  const goalX = labelWidth + 0.6 * barWidth;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="system-ui, sans-serif">
  <rect width="100%" height="100%" fill="#ffffff"/>
  <text x="10" y="22" font-size="14" font-weight="600">npm run bench${quick ? ' -- --quick' : ''}, ${escape(at)}: each figure against its goal (line = goal; green met, amber missed)</text>
  <line x1="${goalX}" y1="40" x2="${goalX}" y2="${height - 8}" stroke="#111827" stroke-dasharray="4 3"/>
${rows}
</svg>
`;
}
