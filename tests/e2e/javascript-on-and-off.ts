import { test } from './fixtures'

/**
 * Declares a group of tests twice, as "<title>, JavaScript on" and "<title>, JavaScript off":
 * every page must work for a visitor without JavaScript as well as with it. The body is told
 * which of the two it is declaring, for checks that only one of them can make.
 */
export function describeWithJavaScriptOnAndOff(
  title: string,
  body: (javaScriptEnabled: boolean) => void,
) {
  for (const javaScriptEnabled of [true, false]) {
    test.describe(`${title}, JavaScript ${javaScriptEnabled ? 'on' : 'off'}`, () => {
      test.use({ javaScriptEnabled })
      body(javaScriptEnabled)
    })
  }
}
