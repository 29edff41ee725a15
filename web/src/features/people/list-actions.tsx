import PersonAdd from '@mui/icons-material/PersonAdd';
import UploadFile from '@mui/icons-material/UploadFile';
import Button from '@mui/material/Button';
import type { ImportKind } from '@schooliko/common/people/imports';
import type { Permission } from '@schooliko/common/permissions';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAppSelector } from '../../app/hooks';
import ImportDialog from './import-dialog';

/**
 * (The dialog comes with the list's chunk, not lazily: a lazy import here made the bundler move
 * its runtime into a chunk of its own, which every first view then loaded; bench/bundles.mjs.)
 *
 * A records list's Import and Add buttons, each shown to those who hold its permission (the
 * server checks again), with the import dialog for the list's kind.
 */
export function ListActions({
  kind,
  importPermission,
  addPermission,
  addPath,
  addLabel,
}: {
  kind: ImportKind;
  importPermission: Permission;
  addPermission: Permission;
  addPath: string;
  addLabel: string;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const permissions = useAppSelector((s) => s.auth.user?.permissions ?? []);
  const [importing, setImporting] = useState(false);
  return (
    <>
      {permissions.includes(importPermission) && (
        <Button variant="outlined" startIcon={<UploadFile />} onClick={() => setImporting(true)}>
          {t('people.import')}
        </Button>
      )}
      {permissions.includes(addPermission) && (
        <Button variant="contained" startIcon={<PersonAdd />} onClick={() => navigate(addPath)}>
          {addLabel}
        </Button>
      )}
      {importing && <ImportDialog kind={kind} onClose={() => setImporting(false)} />}
    </>
  );
}
