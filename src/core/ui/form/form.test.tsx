import { screen } from '@testing-library/react';
import { useState } from 'react';
import { renderWithProviders } from '../../testing/render-with-providers';
import { CheckboxRow, FieldGroup, RadioField, SelectField, TextField } from './index';

function ControlledText(props: { error?: string; multiline?: boolean; required?: boolean; onBlur?: () => void }) {
  const [v, setV] = useState('');
  return <TextField name="address" label="Address" value={v} onChange={setV} placeholder="Street" maxLength={20} {...props} />;
}

describe('TextField', () => {
  test('the visible label names the input; typing calls onChange; blur is reported', async () => {
    const onBlur = jest.fn();
    const { user } = renderWithProviders(<ControlledText onBlur={onBlur} />);
    const input = screen.getByLabelText('Address');
    expect(input.tagName).toBe('INPUT');
    expect(input).toHaveAttribute('placeholder', 'Street');
    expect(input).toHaveAttribute('maxlength', '20');
    expect(input).not.toHaveAttribute('aria-invalid');
    expect(input).not.toHaveAttribute('aria-describedby');
    await user.type(input, 'Queen Road');
    expect(input).toHaveValue('Queen Road');
    await user.tab();
    expect(onBlur).toHaveBeenCalledTimes(1);
  });

  test('an error is shown under the field and describes the input', () => {
    renderWithProviders(<ControlledText error="Please enter the address" />);
    const input = screen.getByLabelText('Address');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Please enter the address');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  test('multiline is a textarea; required marks the label (star) and the input (aria-required)', () => {
    renderWithProviders(<ControlledText multiline required />);
    const input = screen.getByLabelText('Address');
    expect(input.tagName).toBe('TEXTAREA');
    expect(input).toHaveAttribute('aria-required', 'true');
    expect(screen.getByText('Address')).toHaveAttribute('data-required', 'true');
  });

  test('read-only input and the right slot', () => {
    renderWithProviders(
      <TextField name="n" label="Name" value="LEE" onChange={() => undefined} readOnly rightSlot={<button type="button">Scan</button>} />,
    );
    expect(screen.getByLabelText('Name')).toHaveAttribute('readonly');
    expect(screen.getByRole('button', { name: 'Scan' })).toBeInTheDocument();
  });
});

describe('SelectField', () => {
  test('one button named by the label and the value (or the placeholder); tapping opens the picker', async () => {
    const onClick = jest.fn();
    const { user, unmount } = renderWithProviders(<SelectField name="country" label="Country" value="" onClick={onClick} error="Please choose" />);
    const button = screen.getByRole('button', { name: 'Country Please select' });
    expect(screen.getByLabelText('Country')).toBe(button);
    expect(button).toHaveAccessibleDescription('Please choose');
    await user.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
    unmount();
    renderWithProviders(<SelectField name="country" label="Country" value="Singapore" onClick={onClick} readOnly />);
    const chosen = screen.getByRole('button', { name: 'Country Singapore' });
    await user.click(chosen);
    expect(onClick).toHaveBeenCalledTimes(1); // read-only: no picker
  });
});

describe('RadioField', () => {
  test('a named radiogroup; each option labelled; picking calls onChange with the typed value; error described', async () => {
    const onChange = jest.fn();
    const { user } = renderWithProviders(
      <RadioField
        name="gender"
        label="Gender"
        value={1}
        options={[
          { value: 1, label: 'Male' },
          { value: 2, label: 'Female' },
        ]}
        onChange={onChange}
        error="Please choose"
        inline
      />,
    );
    const group = screen.getByRole('radiogroup', { name: 'Gender' });
    expect(group).toHaveAccessibleDescription('Please choose');
    expect(screen.getByLabelText('Male')).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Female' })).not.toBeChecked();
    await user.click(screen.getByLabelText('Female'));
    expect(onChange).toHaveBeenCalledWith(2);
  });
});

describe('CheckboxRow', () => {
  test('the children are the label; ticking toggles; a link inside does not tick', async () => {
    function Row() {
      const [on, setOn] = useState(false);
      return (
        <CheckboxRow checked={on} onChange={setOn} name="same" error={on ? undefined : 'Must tick'}>
          Mailing address same as residential <a href="#terms">terms</a>
        </CheckboxRow>
      );
    }
    const { user } = renderWithProviders(<Row />);
    const box = screen.getByRole('checkbox', { name: /Mailing address same as residential/ });
    expect(box).toHaveAccessibleDescription('Must tick');
    await user.click(screen.getByRole('link', { name: 'terms' }));
    expect(box).not.toBeChecked();
    await user.click(screen.getByText(/Mailing address same/));
    expect(box).toBeChecked();
    expect(box).not.toHaveAttribute('aria-describedby');
  });
});

describe('FieldGroup', () => {
  test('a section named by its title', () => {
    renderWithProviders(
      <FieldGroup title="Contact">
        <p>x</p>
      </FieldGroup>,
    );
    expect(screen.getByRole('region', { name: 'Contact' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Contact' })).toBeInTheDocument();
  });
});
