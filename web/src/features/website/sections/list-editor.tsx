import Add from '@mui/icons-material/Add';
import Close from '@mui/icons-material/Close';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { WebsiteContentInput } from '@schooliko/common/website';
import { useState } from 'react';
import { Controller, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { fieldErrorText } from '../../../kit/forms/messages';

type Props = {
  name: 'facilities' | 'achievements';
  label: string;
  placeholder: string;
  max: number;
  /** Chips for short entries (facilities); a list for sentences (achievements). */
  variant: 'chips' | 'list';
};

/** A list of short texts: type one, press Add (or Enter); each entry can be removed. */
export function ListEditor({ name, label, placeholder, max, variant }: Props) {
  const { t } = useTranslation();
  const { control, clearErrors } = useFormContext<WebsiteContentInput>();
  const [draft, setDraft] = useState('');

  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => {
        const items = field.value ?? [];
        const add = () => {
          const text = draft.trim();
          if (!text || items.includes(text)) return;
          field.onChange([...items, text]);
          clearErrors(name);
          setDraft('');
        };
        const remove = (index: number) => field.onChange(items.filter((_, i) => i !== index));
        return (
          <div>
            <Stack direction="row" sx={{ gap: 1, alignItems: 'flex-start' }}>
              <TextField
                size="small"
                fullWidth
                label={label}
                placeholder={placeholder}
                value={draft}
                inputRef={field.ref}
                onChange={(e) => setDraft(e.target.value.slice(0, max))}
                onKeyDown={(e) => {
                  if (e.key === 'Enter') {
                    e.preventDefault();
                    add();
                  }
                }}
              />
              <Button
                variant="outlined"
                onClick={add}
                startIcon={<Add />}
                disabled={!draft.trim()}
                sx={{ flexShrink: 0, height: 40 }}
              >
                {t('website.list.add')}
              </Button>
            </Stack>
            {fieldState.error && <FormHelperText error>{fieldErrorText(t, fieldState.error)}</FormHelperText>}
            {items.length === 0 ? (
              <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                {t('website.list.empty')}
              </Typography>
            ) : variant === 'chips' ? (
              <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, mt: 1.5 }}>
                {items.map((item, index) => (
                  <Chip
                    key={item}
                    label={item}
                    onDelete={() => remove(index)}
                    deleteIcon={<Close aria-label={t('website.list.remove', { item })} />}
                  />
                ))}
              </Stack>
            ) : (
              <Stack component="ol" sx={{ pl: 2.5, mt: 1.5, mb: 0, gap: 0.5 }}>
                {items.map((item, index) => (
                  <li key={item}>
                    <Stack direction="row" sx={{ alignItems: 'center', gap: 1 }}>
                      <Typography variant="body2" sx={{ flexGrow: 1 }}>
                        {item}
                      </Typography>
                      <Button
                        size="small"
                        color="error"
                        onClick={() => remove(index)}
                        aria-label={t('website.list.remove', { item })}
                      >
                        {t('website.list.removeShort')}
                      </Button>
                    </Stack>
                  </li>
                ))}
              </Stack>
            )}
          </div>
        );
      }}
    />
  );
}
