"""The walk that runs in the page (private): a JavaScript function for Playwright's
``page.evaluate``, turning the DOM into a view tree by the rules of docs/toolkits.md. Kept as
text in a module so that every install carries it."""

WALK_SCRIPT = r"""
// The walk that turns a page's DOM into a Ghostframe view tree (docs/toolkits.md). It runs in the
// page (Playwright's page.evaluate), reads only what the browser laid out, and returns the tree as
// a plain object. ghostframe/page.py owns it; the rules are documented in docs/toolkits.md.
(options) => {
  "use strict";
  const W = window.innerWidth, H = window.innerHeight;
  const KINDS = new Set(["view", "label", "image", "button", "textField", "textView", "table", "collection"]);
  const MODES = new Set(["auto", "block", "keep"]);
  const IMAGE_TAGS = new Set(["img", "svg", "picture", "video", "canvas"]);
  const FIELD_TAGS = new Set(["textarea", "select"]);
  const BLOCK_TAGS = new Set(["iframe", "object", "embed"]);
  const SKIPPED_TAGS = new Set(["script", "style", "template", "noscript", "head", "meta", "link", "title",
                                "br", "wbr", "datalist", "option", "optgroup", "source", "track", "area", "map"]);
  const BUTTON_INPUTS = new Set(["button", "submit", "reset", "image"]);
  const problems = [];
  const cells = {};
  let generated = 0, cellCount = 0;

  const quote = (text) => '"' + String(text).replace(/\\/g, "\\\\").replace(/"/g, '\\"') + '"';
  const px = (value) => { const v = parseFloat(value); return Number.isFinite(v) ? v : 0; };
  const round = (v) => Math.round(v * 1e4) / 1e4;  // 1/10000 px: exact for LayoutUnit's 1/64
  const intersects = (r, clip) => r.right > clip[0] && r.bottom > clip[1] && r.left < clip[2] && r.top < clip[3];
  const meet = (a, b) => [Math.max(a[0], b[0]), Math.max(a[1], b[1]), Math.min(a[2], b[2]), Math.min(a[3], b[3])];
  const frame = (x, y, w, h) => [round(x), round(y), round(Math.max(w, 0)), round(Math.max(h, 0))];

  function nextId(el) {
    if (el && el.id) return el.id;
    generated += 1;
    return "gf-" + generated;
  }

  function paints(cs) {
    const colour = cs.backgroundColor;
    const transparent = colour === "transparent" || /rgba\([^)]*,\s*0\)$/.test(colour);
    const border = ["Top", "Right", "Bottom", "Left"].some(
      (side) => px(cs["border" + side + "Width"]) > 0 && cs["border" + side + "Style"] !== "none"
        && cs["border" + side + "Style"] !== "hidden");
    return !transparent || border || (cs.boxShadow && cs.boxShadow !== "none");
  }

  function radiusOf(cs, r) {
    const value = cs.borderTopLeftRadius || "0px";
    const first = value.split(" ")[0];
    let radius = first.endsWith("%") ? px(first) / 100 * Math.min(r.width, r.height) : px(first);
    radius = Math.min(radius, r.width / 2, r.height / 2);
    return radius > 0 ? round(radius) : null;
  }

  function isInlineLevel(cs) {
    return cs.display === "inline" || cs.display === "contents";
  }

  // A kind element: one the walk maps to a bone of its own whatever its content.
  function ownKind(el, cs, tag) {
    const attr = el.getAttribute("data-skeleton-kind");
    if (attr !== null) {
      if (!KINDS.has(attr)) {
        problems.push(`data-skeleton-kind="${attr}" on <${tag}${el.id ? " id=" + el.id : ""}> is not a kind; `
                      + `expected one of ${[...KINDS].join(", ")}`);
        return null;
      }
      return attr;
    }
    const role = el.getAttribute("role");
    if (IMAGE_TAGS.has(tag) || role === "img") return "image";
    if (tag === "button" || role === "button") return "button";
    if (tag === "input") {
      const type = (el.getAttribute("type") || "text").toLowerCase();
      if (BUTTON_INPUTS.has(type)) return "button";
      if (type === "checkbox" || type === "radio" || type === "range" || type === "color") return "view";
      return "textField";
    }
    if (FIELD_TAGS.has(tag)) return "textField";
    if (tag === "a" && !isInlineLevel(cs) && paints(cs)) return "button";  // a link styled as a button
    if (cs.backgroundImage && cs.backgroundImage !== "none") return "image";
    return null;
  }

  function listItems(el, cs, tag) {
    const role = el.getAttribute("role");
    const kids = [...el.children].filter((c) => getComputedStyle(c).display !== "none"
                                         && c.getAttribute("data-skeleton") !== "ignore");
    if (tag === "table") {
      const rows = [];
      for (const body of el.tBodies) rows.push(...[...body.rows].filter((r) => getComputedStyle(r).display !== "none"));
      return rows;
    }
    if (tag === "ul" || tag === "ol" || role === "list") return kids;
    const kind = el.getAttribute("data-skeleton-kind");
    if (kind === "table" || kind === "collection") return kids;
    if (kids.length >= 3) {  // repeated siblings: the same tag and class, the same size
      const a = kids[0], ar = a.getBoundingClientRect();
      const same = kids.every((k) => {
        const r = k.getBoundingClientRect();
        return k.tagName === a.tagName && k.className === a.className
          && Math.abs(r.width - ar.width) < 0.5 && Math.abs(r.height - ar.height) < 0.5;
      });
      if (same) return kids;
    }
    return null;
  }

  function hasText(node) {
    return /\S/.test(node.textContent || "");
  }

  // An element whose content is text and inline elements only: one label.
  function isTextBlock(el) {
    if (!hasText(el)) return false;
    for (const d of el.querySelectorAll("*")) {
      const tag = d.tagName.toLowerCase();
      if (tag === "br" || tag === "wbr") continue;
      const cs = getComputedStyle(d);
      if (cs.display === "none") continue;
      if (!isInlineLevel(cs) || ownKind(d, cs, tag) !== null || d.hasAttribute("data-skeleton")) return false;
    }
    return true;
  }

  // The text's lines: the client rects of a range grouped by line, top to bottom.
  function lineRects(range) {
    const rects = [...range.getClientRects()].filter((r) => r.width > 0 && r.height > 0)
      .sort((a, b) => a.top - b.top || a.left - b.left);
    const lines = [];
    for (const r of rects) {
      const mid = (r.top + r.bottom) / 2;
      const line = lines.find((l) => mid > l.top && mid < l.bottom);
      if (line) {
        line.left = Math.min(line.left, r.left); line.right = Math.max(line.right, r.right);
        line.top = Math.min(line.top, r.top); line.bottom = Math.max(line.bottom, r.bottom);
      } else {
        lines.push({ left: r.left, right: r.right, top: r.top, bottom: r.bottom });
      }
    }
    return lines;
  }

  // A label node from text lines: frame, line count, the lines' own widths (adjust lines), the
  // line pitch as lineHeight / lineSpacing (0.75 / 0.25 of it). `box` is the content box of a block
  // that holds only this text (its lines' boxes, exactly), else null (the lines' client rects).
  function label(id, lines, cs, box, ctx) {
    const n = lines.length;
    let top, bottom;
    if (box) {
      top = box.top; bottom = box.bottom;
    } else {  // an inline element or a text node: its lines' own boxes (the font's content area)
      top = lines[0].top;
      bottom = lines[n - 1].bottom;
    }
    let left, right;
    if (n > 1 && box) {
      left = box.left; right = box.right;
    } else {
      left = Math.min(...lines.map((l) => l.left)); right = Math.max(...lines.map((l) => l.right));
    }
    const node = { id, type: "label", frame: frame(left - ctx.ox, top - ctx.oy, right - left, bottom - top) };
    const align = { center: "center", right: "right", left: "left", end: "right" }[cs.textAlign];
    if (align && n > 1) node.align = align;
    if (n > 1) {
      const pitch = (bottom - top) / n;
      node.lines = n;
      node.style = { lineHeight: round(pitch * 0.75), lineSpacing: round(pitch * 0.25) };
      const width = right - left;
      lines.forEach((l, k) => {
        const w = l.right - l.left;
        if (k === n - 1 || Math.abs(w - width) > 0.5) {
          ctx.adjust.push(`named(${quote(id)}).targetLineWidth(${k}, ${round(Math.min(w, width))})`);
        }
      });
    }
    return node;
  }

  function contentBox(el, cs) {
    const r = el.getBoundingClientRect();
    const left = r.left + px(cs.borderLeftWidth) + px(cs.paddingLeft);
    const top = r.top + px(cs.borderTopWidth) + px(cs.paddingTop);
    const right = r.right - px(cs.borderRightWidth) - px(cs.paddingRight);
    const bottom = r.bottom - px(cs.borderBottomWidth) - px(cs.paddingBottom);
    return { left, top, right, bottom };
  }

  function textElementLabel(el, cs, ctx) {
    const range = document.createRange();
    range.selectNodeContents(el);
    const lines = lineRects(range);
    if (!lines.length) return null;
    let box = null;
    if (!isInlineLevel(cs)) {
      const b = contentBox(el, cs);
      // the box hugs its lines (no fixed height, no vertical centring): it is their line boxes
      if (b.top <= lines[0].top + 0.01 && b.bottom >= lines[lines.length - 1].bottom - 0.01) {
        const lh = cs.lineHeight.endsWith("px") ? px(cs.lineHeight) : null;
        const expected = lh === null ? null : lh * lines.length;
        if (expected === null || Math.abs((b.bottom - b.top) - expected) < 0.5) box = b;
      }
    }
    return label(nextId(el), lines, cs, box, ctx);
  }

  function applyAttributes(node, el, ctx) {
    const lines = el.getAttribute("data-skeleton-lines");
    if (lines !== null) {
      const n = Number(lines);
      if (Number.isInteger(n) && n >= 0) {
        node.lines = n;
        if (n !== 1 && !node.style) {
          const cs = getComputedStyle(el);
          if (cs.lineHeight.endsWith("px")) {
            node.style = { lineHeight: round(px(cs.lineHeight) * 0.75), lineSpacing: round(px(cs.lineHeight) * 0.25) };
          }
        }
      } else {
        problems.push(`data-skeleton-lines="${lines}" on ${node.id} is not a whole number >= 0`);
      }
    }
    const mode = el.getAttribute("data-skeleton");
    if (mode !== null && MODES.has(mode) && mode !== "auto") node.skeleton = mode;
    const adjust = el.getAttribute("data-skeleton-adjust");
    if (adjust !== null && adjust.trim()) {
      for (const part of adjust.split(";")) {
        const chain = part.trim().replace(/^\./, "");
        if (chain) ctx.adjust.push(`named(${quote(node.id)}).${chain}`);
      }
    }
    return node;
  }

  // A list: its first item is the cell template; rows (or items) fill the visible part of it.
  function listNode(el, cs, r, items, ctx, kindHint) {
    const id = nextId(el);
    const first = items[0], fr = first.getBoundingClientRect();
    const scroll = scrollOffset(el, cs);
    const second = items.length > 1 ? items[1].getBoundingClientRect() : null;
    const grid = kindHint === "collection"
      || (kindHint !== "table" && second && Math.abs(second.top - fr.top) < 0.5 && second.left > fr.left + 0.5);
    const node = { id, type: grid ? "collection" : "table", frame: frame(r.left - ctx.ox, r.top - ctx.oy, r.width, r.height) };
    if (scroll) node.contentOffset = [round(scroll[0]), round(scroll[1])];
    const sx = scroll ? scroll[0] : 0, sy = scroll ? scroll[1] : 0;
    cellCount += 1;
    const name = (el.id || "list" + cellCount) + "/cell";
    const template = { adjust: [] };
    const offsetTop = fr.top + sy - r.top;
    if (grid) {
      let rowPitch = null, columns = 1;
      for (let k = 1; k < items.length; k++) {
        const ir = items[k].getBoundingClientRect();
        if (Math.abs(ir.top - fr.top) < 0.5) columns += 1;
        else { rowPitch = ir.top - fr.top; break; }
      }
      const hs = second && Math.abs(second.top - fr.top) < 0.5 ? second.left - fr.right : 0;
      const vs = rowPitch === null ? 0 : rowPitch - fr.height;
      const left = fr.left + sx - r.left;
      const right = Math.max(0, r.width - left - (columns * (fr.width + hs) - hs) - 1e-6);
      const section = { cell: name, itemSize: [round(fr.width), round(fr.height)],
                        spacing: [round(Math.max(hs, 0)), round(Math.max(vs, 0))],
                        insets: [round(Math.max(offsetTop, 0)), round(Math.max(left, 0)), 0, round(right)] };
      node.sections = [section];
      template.size = [round(fr.width), round(fr.height)];
      template.children = walkChildren([first], { ox: fr.left, oy: fr.top, clip: [fr.left, fr.top, fr.right, fr.bottom],
                                                 adjust: template.adjust }, true);
    } else {
      let pitch = fr.height;
      if (second && second.top > fr.top + 0.5) pitch = second.top - fr.top;
      const section = { cell: name, rowHeight: round(pitch) };
      if (offsetTop > 0.005) {
        const pad = name + "/top";
        cells[pad] = { size: [round(r.width), round(offsetTop)], children: [] };
        section.header = { cell: pad, height: round(offsetTop) };
      }
      node.sections = [section];
      template.size = [round(r.width), round(pitch)];
      template.children = walkChildren([first], { ox: r.left, oy: fr.top, clip: [r.left, fr.top, r.right, fr.bottom],
                                                 adjust: template.adjust }, true);
    }
    if (!template.adjust.length) delete template.adjust;
    cells[name] = template;
    const radius = radiusOf(cs, r);
    if (radius !== null) node.cornerRadius = radius;
    // a table's head and caption are views of the list itself
    node.children = [];
    if (el.tagName.toLowerCase() === "table") {
      const others = [...el.children].filter((c) => c.tagName.toLowerCase() !== "tbody");
      node.children = walkChildren(others, childContext(el, r, scroll, ctx), false);
    }
    return applyAttributes(node, el, ctx);
  }

  function scrollOffset(el, cs) {
    const scrolls = (v) => v === "auto" || v === "scroll" || v === "hidden";
    if (!(scrolls(cs.overflowX) || scrolls(cs.overflowY))) return null;
    if (el.scrollHeight <= el.clientHeight && el.scrollWidth <= el.clientWidth
        && el.scrollTop === 0 && el.scrollLeft === 0) return null;
    return [el.scrollLeft, el.scrollTop];
  }

  function childContext(el, r, scroll, ctx) {
    if (!scroll) return { ox: r.left, oy: r.top, clip: ctx.clip, adjust: ctx.adjust };
    const cs = getComputedStyle(el);
    const inner = [r.left + px(cs.borderLeftWidth), r.top + px(cs.borderTopWidth),
                   r.left + px(cs.borderLeftWidth) + el.clientWidth, r.top + px(cs.borderTopWidth) + el.clientHeight];
    return { ox: r.left - scroll[0], oy: r.top - scroll[1], clip: meet(ctx.clip, inner), adjust: ctx.adjust };
  }

  function textNodeLabel(text, parentCs, ctx) {
    const range = document.createRange();
    range.selectNodeContents(text);
    const lines = lineRects(range).filter((l) => intersects(l, ctx.clip));
    if (!lines.length) return null;
    return label(nextId(null), lines, parentCs, null, ctx);
  }

  // The nodes for a list of DOM nodes (elements and text), appended in order. Plain wrappers
  // (no paint, no attributes, not scrolling) are flattened: their children join the parent.
  function walkChildren(nodes, ctx, template) {
    const out = [];
    for (const n of nodes) {
      if (n.nodeType === Node.TEXT_NODE) {
        if (/\S/.test(n.data) && n.parentElement && getComputedStyle(n.parentElement).visibility === "visible") {
          const node = textNodeLabel(n, getComputedStyle(n.parentElement), ctx);
          if (node) out.push(node);
        }
      } else if (n.nodeType === Node.ELEMENT_NODE) {
        visit(n, ctx, out, template);
      }
    }
    return out;
  }

  function visit(el, ctx, out, template) {
    const tag = el.tagName.toLowerCase();
    if (SKIPPED_TAGS.has(tag)) return;
    const mode = el.getAttribute("data-skeleton");
    if (mode === "ignore" || mode === "skip") return;
    const cs = getComputedStyle(el);
    if (cs.display === "none") return;
    if (cs.display === "contents") { out.push(...walkChildren([...el.childNodes], ctx, template)); return; }
    if (px(cs.opacity) === 0 && cs.opacity.trim() !== "") return;
    const r = el.getBoundingClientRect();
    if (r.width <= 0 || r.height <= 0) return;
    if (!template && !intersects(r, ctx.clip)) return;  // off the viewport or the scrolled area
    if (cs.visibility !== "visible") {  // its children may be visible again
      out.push(...walkChildren([...el.childNodes], ctx, template));
      return;
    }
    const kind = ownKind(el, cs, tag);
    const f = frame(r.left - ctx.ox, r.top - ctx.oy, r.width, r.height);
    const radius = radiusOf(cs, r);
    if (BLOCK_TAGS.has(tag) && kind === null) {
      out.push(applyAttributes({ id: nextId(el), type: "view", frame: f, skeleton: "block" }, el, ctx));
      return;
    }
    if (kind === "table" || kind === "collection" || kind === null) {
      const items = listItems(el, cs, tag);
      if (items && items.length) {
        out.push(listNode(el, cs, r, items, ctx, kind));
        return;
      }
    }
    if (kind === "label" || (kind === null && isTextBlock(el))) {
      const node = textElementLabel(el, cs, ctx) || { id: nextId(el), type: "label", frame: f };
      if (radius !== null) node.cornerRadius = radius;
      out.push(applyAttributes(node, el, ctx));
      return;
    }
    if (kind !== null && kind !== "view" && kind !== "table" && kind !== "collection") {
      const node = { id: nextId(el), type: kind, frame: f };
      if (radius !== null) node.cornerRadius = radius;
      if (kind === "image") {  // what is drawn over an image (a caption on a hero) is visited too
        const scroll = scrollOffset(el, cs);
        const children = walkChildren([...el.childNodes], childContext(el, r, scroll, ctx), template);
        if (children.length) node.children = children;
      }
      out.push(applyAttributes(node, el, ctx));
      return;
    }
    const scroll = scrollOffset(el, cs);
    const keep = kind === "view" || scroll || paints(cs) || el.hasAttribute("data-skeleton")
      || el.hasAttribute("data-skeleton-adjust") || el.hasAttribute("data-skeleton-lines");
    if (!keep) {  // a plain wrapper: its children belong to the parent
      out.push(...walkChildren([...el.childNodes], ctx, template));
      return;
    }
    const node = { id: nextId(el), type: "view", frame: f };
    if (radius !== null) node.cornerRadius = radius;
    if (scroll) node.contentOffset = [round(scroll[0]), round(scroll[1])];
    if (mode !== "block" && mode !== "keep") {
      const children = walkChildren([...el.childNodes], childContext(el, r, scroll, ctx), template);
      if (children.length) node.children = children;
    }
    // a leaf that paints nothing is left out (a spacer), unless the page asks for it
    if (!node.children && !paints(cs) && kind !== "view" && !el.hasAttribute("data-skeleton")) return;
    out.push(applyAttributes(node, el, ctx));
  }

  const adjust = [];
  const sx = window.scrollX, sy = window.scrollY;
  const rootCtx = { ox: -sx, oy: -sy, clip: [0, 0, W, H], adjust };
  const children = walkChildren([...document.body.childNodes], rootCtx, false);
  const root = { id: options.rootId || "page", type: "view", frame: [0, 0, W, H] };
  if (sx || sy) root.contentOffset = [round(sx), round(sy)];
  if (children.length) root.children = children;
  const tree = { viewport: [W, H], root };
  if (options.style && Object.keys(options.style).length) tree.style = options.style;
  if (Object.keys(cells).length) tree.cells = cells;
  if (adjust.length) tree.adjust = adjust;
  return { tree, problems };
}
"""
