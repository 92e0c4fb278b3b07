// The Map view: the rows' places on the world (the registry's map kind,
// common/src/chart/kinds/map.ts), with zoom and pan. Drag or the arrows pan,
// the wheel, + and - zoom, 0 shows the whole world, N and P go from point
// to point, Enter or a click on a point selects its row.

import type { ChartSpec } from '../../../common/src/chart/aggregate';
import { DEFAULT_WIDTH } from '../../../common/src/chart/draw';
import { POINT_RADIUS, WORLD } from '../../../common/src/chart/kinds/map';
import { kindsOfView } from '../../../common/src/chart/registry';
import type { Drawing } from '../../../common/src/chart/scene';
import { makeButton } from '../dom';
import { ChartPane, type ChartEvents, type PaneView } from './chartPane';

interface ViewBox {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** The kind this view draws: the registry's one for the map view. */
const MAP_KIND = kindsOfView('map')[0]!.id;
/** Zoom steps (buttons and keys; the wheel), the narrowest view in map units, a pan step as a share of the view. */
const ZOOM_STEP = 1.6;
const WHEEL_STEP = 1.25;
const NARROWEST = 2;
const PAN_SHARE = 0.2;
/** Pixels a pointer moves before a press is a drag (and its click selects nothing). */
const DRAG_START = 3;

const rounded = (n: number) => Math.round(n * 1000) / 1000;

export class MapView implements PaneView {
  readonly name = 'map';
  private readonly pane: ChartPane;
  private view: ViewBox = { ...WORLD };
  private dragged = false;

  constructor(events: ChartEvents) {
    this.pane = new ChartPane(this, events, {
      section: 'Map',
      tools: 'Map tools',
      canvas: 'Map: arrows pan, + and - zoom, N and P go from point to point, Enter selects its row',
    });
    this.pane.tools.append(
      makeButton('Zoom in', () => this.zoom(1 / ZOOM_STEP), 'btn secondary small'),
      makeButton('Zoom out', () => this.zoom(ZOOM_STEP), 'btn secondary small'),
      makeButton('Whole world', () => this.setViewBox({ ...WORLD }), 'btn secondary small'),
    );
    this.pane.appendSaves();
    this.enablePanAndZoom();
  }

  get element(): HTMLElement {
    return this.pane.element;
  }

  refresh(): void {
    this.pane.refresh();
  }

  scheduleFrame(): void {
    this.pane.scheduleFrame();
  }

  spec(): ChartSpec {
    return { kind: MAP_KIND, x: '' };
  }

  beforeShow(drawing: Drawing): void {
    if (drawing.mapViewport) drawing.mapViewport.attrs.viewBox = this.viewBoxText();
  }

  afterShow(): void {
    this.scalePoints();
  }

  dragging(): boolean {
    return this.dragged;
  }

  key(e: KeyboardEvent): boolean {
    const pan = (dx: number, dy: number) => {
      e.preventDefault();
      this.setViewBox({ ...this.view, x: this.view.x + dx * this.view.w * PAN_SHARE, y: this.view.y + dy * this.view.h * PAN_SHARE });
    };
    const zoom = (factor: number) => {
      e.preventDefault();
      this.zoom(factor);
    };
    switch (e.key) {
      case 'ArrowLeft':
        return (pan(-1, 0), true);
      case 'ArrowRight':
        return (pan(1, 0), true);
      case 'ArrowUp':
        return (pan(0, -1), true);
      case 'ArrowDown':
        return (pan(0, 1), true);
      case '+':
      case '=':
        return (zoom(1 / ZOOM_STEP), true);
      case '-':
        return (zoom(ZOOM_STEP), true);
      case '0':
        e.preventDefault();
        return (this.setViewBox({ ...WORLD }), true);
      case 'n':
      case 'N':
        return (this.pane.step(e, 'next'), true);
      case 'p':
      case 'P':
        return (this.pane.step(e, 'prev'), true);
    }
    return false;
  }

  private viewBoxText(): string {
    return `${rounded(this.view.x)} ${rounded(this.view.y)} ${rounded(this.view.w)} ${rounded(this.view.h)}`;
  }

  private setViewBox(view: ViewBox): void {
    const w = Math.max(NARROWEST, Math.min(WORLD.w, view.w));
    const h = w / 2;
    this.view = { w, h, x: Math.max(-w / 2, Math.min(WORLD.w - w / 2, view.x)), y: Math.max(-h / 2, Math.min(WORLD.h - h / 2, view.y)) };
    const text = this.viewBoxText();
    if (this.pane.drawing?.mapViewport) this.pane.drawing.mapViewport.attrs.viewBox = text;
    this.pane.canvas.querySelector('svg.map-viewport')?.setAttribute('viewBox', text);
    this.scalePoints();
  }

  /** Zooms around the centre (or a point in map units). */
  private zoom(factor: number, at?: { x: number; y: number }): void {
    const c = at ?? { x: this.view.x + this.view.w / 2, y: this.view.y + this.view.h / 2 };
    const w = Math.max(NARROWEST, Math.min(WORLD.w, this.view.w * factor));
    const k = w / this.view.w;
    this.setViewBox({ w, h: w / 2, x: c.x - (c.x - this.view.x) * k, y: c.y - (c.y - this.view.y) * k });
  }

  /** Points keep their size on screen whatever the zoom. */
  private scalePoints(): void {
    const r = String(rounded(POINT_RADIUS * (this.view.w / WORLD.w)));
    for (const c of this.pane.canvas.querySelectorAll('circle.map-point')) c.setAttribute('r', r);
  }

  private enablePanAndZoom(): void {
    const canvas = this.pane.canvas;
    let start: { x: number; y: number; view: ViewBox } | undefined;
    const svg = () => canvas.querySelector('svg.map-viewport');
    const scale = () => this.view.w / (svg()?.getBoundingClientRect().width || DEFAULT_WIDTH);
    canvas.addEventListener('pointerdown', (e) => {
      start = { x: e.clientX, y: e.clientY, view: { ...this.view } };
      this.dragged = false;
    });
    canvas.addEventListener('pointermove', (e) => {
      if (!start || !(e.buttons & 1)) return;
      const dx = e.clientX - start.x;
      const dy = e.clientY - start.y;
      if (Math.abs(dx) + Math.abs(dy) > DRAG_START) this.dragged = true;
      if (this.dragged) this.setViewBox({ ...start.view, x: start.view.x - dx * scale(), y: start.view.y - dy * scale() });
    });
    window.addEventListener('pointerup', () => {
      start = undefined;
      setTimeout(() => (this.dragged = false), 0);
    });
    canvas.addEventListener(
      'wheel',
      (e) => {
        const map = svg();
        if (!map) return;
        e.preventDefault();
        const box = map.getBoundingClientRect();
        const at = {
          x: this.view.x + ((e.clientX - box.left) / box.width) * this.view.w,
          y: this.view.y + ((e.clientY - box.top) / box.height) * this.view.h,
        };
        this.zoom(e.deltaY > 0 ? WHEEL_STEP : 1 / WHEEL_STEP, at);
      },
      { passive: false },
    );
  }
}
