// What a person reads on a page, checked in the page (tests/web/readable.py runs these).
({
  // Every text a person reads: text nodes, and the labels and hover titles of elements (not in `skip`).
  texts: (skip) => {
    const out = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent.trim();
      const host = node.parentElement;
      if (!text || !host || host.closest(skip)) continue;
      if (host.closest('script, style, [hidden], [aria-hidden="true"]')) continue;
      out.push([text, host.tagName.toLowerCase() + (host.id ? '#' + host.id : '') +
        (host.className && typeof host.className === 'string' ? '.' + host.className.split(' ')[0] : '')]);
    }
    for (const node of document.querySelectorAll('[aria-label], [title]')) {
      if (node.closest(skip)) continue;
      for (const name of ['aria-label', 'title']) {
        const text = node.getAttribute(name);
        if (text) out.push([text, node.tagName.toLowerCase() + '[' + name + ']']);
      }
    }
    return out;
  },

  // The page wider than the screen, an element running off its right edge outside a box that scrolls, and
  // text cut off by its box.
  overflow: () => {
    const out = [];
    const width = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth > width + 1) {
      out.push('the page is ' + document.documentElement.scrollWidth + ' px wide on a ' + width + ' px screen');
    }
    for (const node of document.body.querySelectorAll('*')) {
      const style = getComputedStyle(node);
      if (style.display === 'none' || node.closest('[hidden]') || !node.textContent.trim()) continue;
      const clips = ['hidden', 'clip'].includes(style.overflowX) || style.textOverflow === 'ellipsis';
      if (clips && node.scrollWidth > node.clientWidth + 1) {
        out.push((node.id ? '#' + node.id : node.tagName.toLowerCase() + '.' + node.classList[0]) +
          ': its text is cut off (' + node.scrollWidth + ' px in ' + node.clientWidth + ' px): ' +
          node.textContent.trim().slice(0, 60));
      }
      const box = node.getBoundingClientRect();
      if (box.width && box.right > width + 1 && !node.closest('.screen-panel, [style*="overflow"]')) {
        let scroller = node.parentElement;
        while (scroller && !['auto', 'scroll'].includes(getComputedStyle(scroller).overflowX)) scroller = scroller.parentElement;
        if (!scroller) out.push(node.tagName.toLowerCase() + '.' + node.classList[0] + ' runs off the right edge: ' +
          node.textContent.trim().slice(0, 60));
      }
    }
    return out;
  },

  // Every label (a text, a named element) and every clickable element of a drawing that another element
  // covers, or that its drawing's edge cuts off. A label is covered when something that paints lies over it;
  // a clickable element, when something else would take a tap at it.
  covered: (root) => {
    const out = [];
    const board = document.querySelector(root);
    if (!board) return out;
    const CLICKABLE = '[data-action], button, [role="button"], a[href]';
    const transparent = (colour) => !colour || colour === 'none' || colour === 'transparent' || /rgba\(.*, 0\)$/.test(colour);
    const paints = (node) => {
      const style = getComputedStyle(node);
      if (style.visibility === 'hidden' || Number(style.opacity) === 0) return false;
      if (node instanceof SVGElement) {
        if (node.tagName === 'text' || node.tagName === 'tspan') return true;
        if (['g', 'svg', 'defs', 'title', 'clipPath'].includes(node.tagName)) return false;
        const fill = !transparent(style.fill) && Number(style.fillOpacity) > 0;
        const stroke = !transparent(style.stroke) && Number(style.strokeOpacity) > 0 && parseFloat(style.strokeWidth) > 0;
        return fill || stroke;
      }
      const own = [...node.childNodes].some((child) => child.nodeType === 3 && child.textContent.trim());
      return own || !transparent(style.backgroundColor) || style.backgroundImage !== 'none' || node.tagName === 'IMG';
    };
    const name = (node) => (node.getAttribute('aria-label') || node.textContent || node.tagName).trim().slice(0, 50);
    const describe = (node) => node.tagName.toLowerCase() + (node.classList[0] ? '.' + node.classList[0] : '') + ' "' + name(node) + '"';
    const related = (a, b) => a === b || a.contains(b) || b.contains(a);
    const labels = new Set(board.querySelectorAll('text, [aria-label], ' + CLICKABLE));
    for (const node of board.querySelectorAll('*')) {
      const own = [...node.childNodes].some((child) => child.nodeType === 3 && child.textContent.trim());
      if (own) labels.add(node);
    }
    for (const node of labels) {
      const box = node.getBoundingClientRect();
      if (box.width < 1 || box.height < 1 || node.closest('[hidden], details:not([open]) > :not(summary)')) continue;
      if (getComputedStyle(node).visibility === 'hidden') continue;
      const frame = node.ownerSVGElement ? node.ownerSVGElement.getBoundingClientRect() : null;
      if (frame && (box.left < frame.left - 1 || box.right > frame.right + 1 || box.top < frame.top - 1
          || box.bottom > frame.bottom + 1)) {
        out.push('"' + name(node) + '" is cut off by the edge of its drawing');
        continue;
      }
      const clickable = node.matches(CLICKABLE);
      // A tap lands at a target's middle; a text is read to its corners (a group's box is looser: its middle).
      const inset = Math.min(2, box.width / 4, box.height / 4);
      const points = [[box.left + box.width / 2, box.top + box.height / 2]];
      if (!clickable && (node.tagName === 'text' || !(node instanceof SVGElement))) {
        points.push([box.left + inset, box.top + inset], [box.right - inset, box.bottom - inset],
          [box.left + inset, box.bottom - inset], [box.right - inset, box.top + inset]);
      }
      let problem = null;
      for (const [x, y] of points) {
        const stack = document.elementsFromPoint(x, y);
        if (clickable) {
          // A tap goes to the topmost element that takes pointer events: it must be this one, or inside it.
          const taker = stack.find((n) => getComputedStyle(n).pointerEvents !== 'none');
          if (taker && !related(taker, node) && !taker.closest(CLICKABLE)?.contains(node)) problem = 'a tap on it goes to ' + describe(taker);
        } else {
          for (const over of stack) {
            if (related(over, node)) break; // reached the label: nothing painted over it
            if (paints(over) && !over.contains(node)) {
              problem = 'covered by ' + describe(over);
              break;
            }
          }
        }
        if (problem) break;
      }
      if (problem) out.push('"' + name(node) + '": ' + problem);
    }
    return out;
  },
})
