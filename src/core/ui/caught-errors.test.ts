import { onCaughtError } from './caught-errors';

test('an error a boundary reports itself (the PDF viewer) is a warning; any other caught error stays an error', () => {
  const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  const missing = Object.assign(new Error('Unexpected server response (404)'), { name: 'ResponseException' });
  onCaughtError(missing, { componentStack: '\n at Document', errorBoundary: { reportsOwnErrors: true } });
  expect(error).not.toHaveBeenCalled();
  expect(warn).toHaveBeenCalledWith(missing);
  const bug = new TypeError('x is undefined');
  onCaughtError(bug, { componentStack: '\n at Screen', errorBoundary: {} });
  expect(error).toHaveBeenCalledWith(bug, '\n at Screen');
  error.mockRestore();
  warn.mockRestore();
});
