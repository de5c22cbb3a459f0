/**
 * The identity screens' labelled form controls, handed to the social sign-in completion forms
 * (complete-client / complete-company): features do not import each other, app/ composes them.
 */
import { CityField } from '../features/identity/components/city-field';
import { DataPolicyCheckbox } from '../features/identity/components/data-policy-checkbox';
import { SelectField, TextField } from '../components/form-fields';
import { FormAlert } from '../components/field-shell';
import { NitField } from '../features/identity/components/nit-field';
// The completion forms share the identity forms' layout and buttons (pv-form, pv-actions, pv-button).
import '../features/identity/components/identity.css';
import type { CompletionFieldKit } from '../features/social-auth/components/completion-controls';

export const completionFieldKit: CompletionFieldKit = {
  TextField,
  SelectField,
  NitField,
  CityField,
  DataPolicyCheckbox,
  FormAlert,
};
