/**
 * The test wiki's uploaded files, category hierarchy and page links: what the
 * image grid, the tree and the graph views need of a real wiki.
 *
 * The files are drawn by PHP's GD (Debian's php-gd, which MediaWiki also uses
 * for thumbnails here: ImageMagick is off) and imported by MediaWiki's own
 * maintenance/importImages.php before the dump, so the pages that show them
 * are parsed with the files present (imagelinks, PageImages' page image).
 * php -S has one document root (MediaWiki's code), so `/images/…` is served
 * from the run folder by a router script written beside LocalSettings.php.
 *
 * Node built-ins only.
 */
import * as fsp from 'node:fs/promises';
import * as path from 'node:path';

export interface WikiFileFacts {
  /** `File:Sample 01.png` */
  title: string;
  /** The name on disk and in the wiki, `Sample 01.png`. */
  name: string;
  width: number;
  height: number;
  mime: 'image/png' | 'image/jpeg';
}

export interface CategoryTreeFacts {
  /** The top of the hierarchy, `Category:Tree A`. */
  root: string;
  /** Category -> its subcategories (full titles). */
  subcategories: Record<string, string[]>;
  /** Category -> its member pages that are not categories or files (full titles). */
  pages: Record<string, string[]>;
  /** Category -> its member files (full titles). */
  files: Record<string, string[]>;
}

interface FileSpec extends WikiFileFacts {
  rgb: [number, number, number];
  label: string;
}

const SIZES: [number, number][] = [
  [320, 240],
  [240, 320],
  [200, 200],
  [400, 160],
  [160, 240],
];

/** The files: ten PNGs, a JPEG, and a PNG whose name carries a quote and an ampersand. */
export function wikiFileSpecs(): FileSpec[] {
  const specs: FileSpec[] = [];
  const hueRgb = (i: number): [number, number, number] => {
    const h = (i * 47) % 360;
    const f = (n: number) => {
      const k = (n + h / 60) % 6;
      return Math.round(200 * (1 - Math.max(0, Math.min(k, 4 - k, 1))) + 30);
    };
    return [f(5), f(3), f(1)];
  };
  const add = (name: string, i: number, mime: FileSpec['mime']) => {
    const [width, height] = SIZES[i % SIZES.length]!;
    specs.push({ title: `File:${name}`, name, width, height, mime, rgb: hueRgb(i), label: String(i + 1) });
  };
  for (let i = 0; i < 10; i++) add(`Sample ${String(i + 1).padStart(2, '0')}.png`, i, 'image/png');
  add('Photo 01.jpg', 10, 'image/jpeg');
  add(`Odd "quote" & ampersand.png`, 11, 'image/png');
  return specs;
}

export const FILE_CATEGORY = 'Tree C';

/** The hierarchy Tree A ⊃ Tree B ⊃ Tree C, two pages in each, and the links between those pages. */
export function treePages(): {
  categories: { name: string; parent?: string }[];
  pages: { title: string; category: string; links: string[]; image: string }[];
} {
  const categories = [{ name: 'Tree A' }, { name: 'Tree B', parent: 'Tree A' }, { name: 'Tree C', parent: 'Tree B' }];
  // A small graph with a cycle (A1 → B1 → C1 → A1) and a page with no links out (C2).
  const pages = [
    { title: 'Tree page A1', category: 'Tree A', links: ['Tree page A2', 'Tree page B1'] },
    { title: 'Tree page A2', category: 'Tree A', links: ['Tree page A1'] },
    { title: 'Tree page B1', category: 'Tree B', links: ['Tree page B2', 'Tree page C1'] },
    { title: 'Tree page B2', category: 'Tree B', links: ['Tree page A2'] },
    { title: 'Tree page C1', category: 'Tree C', links: ['Tree page C2', 'Tree page A1'] },
    { title: 'Tree page C2', category: 'Tree C', links: [] },
  ].map((p, i) => ({ ...p, image: `Sample ${String(i + 1).padStart(2, '0')}.png` }));
  return { categories, pages };
}

/** The page that shows every file in a gallery. */
export const GALLERY_PAGE = 'File gallery';

const DRAW_PHP = String.raw`
$out = $argv[1];
foreach (json_decode($argv[2], true) as $s) {
  $im = imagecreatetruecolor($s['width'], $s['height']);
  imagefilledrectangle($im, 0, 0, $s['width'] - 1, $s['height'] - 1, imagecolorallocate($im, $s['rgb'][0], $s['rgb'][1], $s['rgb'][2]));
  $white = imagecolorallocate($im, 255, 255, 255);
  imagerectangle($im, 4, 4, $s['width'] - 5, $s['height'] - 5, $white);
  // The number drawn small, then scaled up so it reads in a thumbnail.
  $small = imagecreatetruecolor(20, 16);
  imagefilledrectangle($small, 0, 0, 19, 15, imagecolorallocate($small, $s['rgb'][0], $s['rgb'][1], $s['rgb'][2]));
  imagestring($small, 5, 1, 0, $s['label'], imagecolorallocate($small, 255, 255, 255));
  $w = intdiv(min($s['width'], $s['height']), 2);
  imagecopyresized($im, $small, intdiv($s['width'] - $w, 2), intdiv($s['height'] - intdiv($w * 4, 5), 2), 0, 0, $w, intdiv($w * 4, 5), 20, 16);
  $file = $out . '/' . $s['name'];
  $ok = $s['mime'] === 'image/jpeg' ? imagejpeg($im, $file, 85) : imagepng($im, $file);
  if (!$ok) { fwrite(STDERR, "could not write $file\n"); exit(1); }
}
`;

/** Draw the files into `dir` with PHP's GD: `php -r` arguments. */
export function drawFilesArgs(dir: string, specs: FileSpec[]): string[] {
  return ['-r', DRAW_PHP, dir, JSON.stringify(specs)];
}

/** importImages.php's arguments: Admin uploads them (no new account), dated before the dump's first edit. */
export function importImagesArgs(dir: string, timestamp: string): string[] {
  return [
    'maintenance/importImages.php',
    '--user=Admin',
    `--comment=A test file drawn by GD. [[Category:${FILE_CATEGORY}]]`,
    '--summary=Test file drawn by GD',
    `--timestamp=${timestamp}`,
    '--extensions=png,jpg',
    dir,
  ];
}

/** LocalSettings.php lines: uploads in the run folder, thumbnails by GD. */
export const UPLOAD_SETTINGS = [
  '# Uploaded files live in this folder, served at /images by router.php; thumbnails by GD.',
  '$wgEnableUploads = true;',
  "$wgUploadDirectory = __DIR__ . '/images';",
  "$wgUploadPath = '/images';",
  '$wgUseImageMagick = false;',
  "$wgFileExtensions = [ 'png', 'jpg', 'jpeg', 'gif' ];",
];

const ROUTER_PHP = `<?php
// mwquery test wiki: php -S serves MediaWiki's code; /images/... comes from this run folder.
$path = rawurldecode( (string)parse_url( $_SERVER['REQUEST_URI'] ?? '', PHP_URL_PATH ) );
if ( strncmp( $path, '/images/', 8 ) !== 0 ) {
	return false;
}
$root = realpath( __DIR__ . '/images' );
$file = $root === false ? false : realpath( $root . substr( $path, 7 ) );
if ( $file === false || strncmp( $file, $root . '/', strlen( $root ) + 1 ) !== 0 || !is_file( $file ) ) {
	http_response_code( 404 );
	header( 'Content-Type: text/plain' );
	echo "Not found\\n";
	return true;
}
$types = [ 'png' => 'image/png', 'jpg' => 'image/jpeg', 'jpeg' => 'image/jpeg', 'gif' => 'image/gif' ];
header( 'Content-Type: ' . ( $types[strtolower( pathinfo( $file, PATHINFO_EXTENSION ) )] ?? 'application/octet-stream' ) );
header( 'X-Content-Type-Options: nosniff' );
header( 'Content-Length: ' . filesize( $file ) );
readfile( $file );
return true;
`;

/** Write the router beside LocalSettings.php (copied with the template into every run folder). */
export async function writeRouter(dir: string): Promise<void> {
  await fsp.writeFile(path.join(dir, 'router.php'), ROUTER_PHP);
}

export const ROUTER_FILE = 'router.php';
