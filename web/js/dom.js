// Finding the page's elements, typed: one lookup for every module. A missing element or
// one of the wrong kind is a mistake in index.html, reported by name.

/**
 * @template {Element} T
 * @typedef {{ new (): T, prototype: T }} ElementClass
 */

/**
 * `el` as a `kind` (HTMLElement when not given); throws, naming `what`, otherwise.
 * @template {Element} T
 * @param {Element | null} el
 * @param {string} what
 * @param {ElementClass<T>} [kind]
 * @returns {T}
 */
function checked(el, what, kind) {
  const want = kind ?? /** @type {ElementClass<T>} */ (/** @type {unknown} */ (HTMLElement));
  if (!(el instanceof want)) throw new Error(`${what} is missing or not a ${want.name}`);
  return el;
}

/**
 * The element with this id, checked to be of the expected kind (HTMLElement by default).
 * @template {Element} [T=HTMLElement]
 * @param {string} id
 * @param {ElementClass<T>} [kind]
 * @returns {T}
 */
export function $(id, kind) {
  return checked(document.getElementById(id), `#${id}`, kind);
}

/**
 * The first element under `root` that matches `selector`, checked like `$`.
 * @template {Element} [T=HTMLElement]
 * @param {ParentNode} root
 * @param {string} selector
 * @param {ElementClass<T>} [kind]
 * @returns {T}
 */
export function find(root, selector, kind) {
  return checked(root.querySelector(selector), selector, kind);
}

/**
 * The form's control named `name`, checked like `$`.
 * @template {Element} T
 * @param {HTMLFormElement} form
 * @param {string} name
 * @param {ElementClass<T>} kind
 * @returns {T}
 */
export function field(form, name, kind) {
  const item = form.elements.namedItem(name);
  return checked(item instanceof Element ? item : null, `${form.id}.${name}`, kind);
}

/**
 * The value of the checked radio button named `name` ("" when none is checked).
 * @param {HTMLFormElement} form
 * @param {string} name
 * @returns {string}
 */
export function radioValue(form, name) {
  const item = form.elements.namedItem(name);
  if (!(item instanceof RadioNodeList)) throw new Error(`${form.id}.${name} is not a radio group`);
  return item.value;
}
