/** The value of a JSON text, or undefined when the text is not JSON. */
export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    // On a string JSON.parse throws only its SyntaxError: "not JSON" is the whole answer.
    return undefined;
  }
}
