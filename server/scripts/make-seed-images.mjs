// Draws the demo institutes' logos, covers and role images into web/public/images.
// Run once with `node server/scripts/make-seed-images.mjs`; the PNG/JPEG files are committed.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

const out = path.resolve(import.meta.dirname, '../../web/public/images');

const institutes = [
  { key: 'logo-1', cover: 'dev-cover', roles: 'dev', initials: 'SD', primary: '#003c4f', accent: '#388e3c' },
  {
    key: 'greenvalley',
    cover: 'greenvalley-cover',
    roles: 'greenvalley',
    initials: 'GV',
    primary: '#1b5e20',
    accent: '#f9a825',
  },
];
const roles = ['admin', 'director', 'principal', 'student', 'parent'];

const logo = ({ initials, primary, accent }) => `
<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256">
  <circle cx="128" cy="128" r="120" fill="${primary}"/>
  <circle cx="128" cy="128" r="100" fill="none" stroke="${accent}" stroke-width="10"/>
  <path d="M68 150 L128 120 L188 150 L128 180 Z" fill="${accent}"/>
  <text x="128" y="112" font-family="DejaVu Sans, Liberation Sans, sans-serif" font-size="64" font-weight="bold" fill="#fff" text-anchor="middle">${initials}</text>
</svg>`;

const cover = ({ primary, accent }) => `
<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="400">
  <defs><linearGradient id="g" x1="0" x2="1"><stop offset="0" stop-color="${primary}"/><stop offset="1" stop-color="${accent}"/></linearGradient></defs>
  <rect width="1200" height="400" fill="url(#g)"/>
  <g fill="#ffffff" opacity="0.15">
    <rect x="480" y="150" width="240" height="170"/><polygon points="460,150 600,70 740,150"/>
    <rect x="300" y="210" width="150" height="110"/><rect x="750" y="210" width="150" height="110"/>
  </g>
</svg>`;

const roleImage = ({ primary, accent }, role) => `
<svg xmlns="http://www.w3.org/2000/svg" width="600" height="400">
  <rect width="600" height="400" fill="${primary}"/>
  <circle cx="300" cy="150" r="70" fill="${accent}"/>
  <rect x="190" y="230" width="220" height="110" rx="55" fill="${accent}"/>
  <text x="300" y="380" font-family="DejaVu Sans, Liberation Sans, sans-serif" font-size="30" fill="#fff" text-anchor="middle">${role[0].toUpperCase()}${role.slice(1)}</text>
</svg>`;

for (const inst of institutes) {
  mkdirSync(path.join(out, 'school-logos'), { recursive: true });
  mkdirSync(path.join(out, 'covers'), { recursive: true });
  mkdirSync(path.join(out, 'roles', inst.roles), { recursive: true });
  await sharp(Buffer.from(logo(inst)))
    .png({ compressionLevel: 9 })
    .toFile(path.join(out, 'school-logos', `${inst.key}.png`));
  await sharp(Buffer.from(cover(inst)))
    .jpeg({ quality: 80 })
    .toFile(path.join(out, 'covers', `${inst.cover}.jpg`));
  for (const role of roles) {
    await sharp(Buffer.from(roleImage(inst, role)))
      .jpeg({ quality: 80 })
      .toFile(path.join(out, 'roles', inst.roles, `${role}.jpg`));
  }
}
console.log('images written to', out);
