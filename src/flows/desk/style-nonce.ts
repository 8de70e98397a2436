/**
 * The desk page's Content-Security-Policy allows <style> elements by this answer's nonce only (server/src/plugins/desk.ts).
 * Ant Design's styles get it through ConfigProvider's `csp`, but two helpers of its components insert styles without
 * asking (rc-util's scroll lock when a dialog opens, and its scrollbar measure). So every <style> element the page's
 * own scripts insert gets the nonce as it is inserted. A <style> that markup injected (the parser, innerHTML) does not
 * pass through here and is still refused.
 */
export function readNonce(): string | undefined {
  return document.querySelector<HTMLMetaElement>('meta[name="csp-nonce"]')?.content || undefined;
}

export function nonceStyles(nonce: string | undefined): void {
  if (!nonce) return;
  const mark = <T extends Node>(node: T): T => {
    if (node instanceof HTMLStyleElement && !node.nonce) node.nonce = nonce;
    return node;
  };
  const append = Node.prototype.appendChild;
  const insert = Node.prototype.insertBefore;
  Node.prototype.appendChild = function appendChild<T extends Node>(this: Node, node: T): T {
    return append.call(this, mark(node)) as T;
  };
  Node.prototype.insertBefore = function insertBefore<T extends Node>(this: Node, node: T, child: Node | null): T {
    return insert.call(this, mark(node), child) as T;
  };
}
