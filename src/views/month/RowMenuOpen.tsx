import { useEffect, useState } from 'react'
import { Button, type Key, Menu, MenuItem, MenuTrigger, Popover } from 'react-aria-components'
import { MoreIcon } from './icons.tsx'

export type RowAction = { readonly id: string; readonly text: string }

export type RowMenuProps = {
  readonly label: string
  /** The items, made when the menu first opens: a month's hundred rows need only their labels until then. */
  readonly actions: () => ReadonlyArray<RowAction>
  readonly disabledKeys: ReadonlyArray<Key>
  readonly onAction: (key: Key) => void
}

/** The row's menu, opened: react-aria's trigger, popover and menu, loaded with this module when first pressed. */
export default function RowMenuOpen({ label, actions, disabledKeys, onAction }: RowMenuProps) {
  // Opens once the button has taken the focus from the stand-in it replaces: the menu's focus scope keeps the
  // element focused when it mounts, and gives the focus back to it when the menu closes.
  const [isOpen, setOpen] = useState(false)
  useEffect(() => setOpen(true), [])
  return (
    <MenuTrigger isOpen={isOpen} onOpenChange={setOpen}>
      <Button className="icon-button row-menu" aria-label={label} autoFocus>
        <MoreIcon />
      </Button>
      <Popover className="popover" placement="bottom end">
        <Menu className="menu" autoFocus="first" onAction={onAction} disabledKeys={disabledKeys}>
          {actions().map((action) => (
            <MenuItem className="menu__item" id={action.id} key={action.id}>
              {action.text}
            </MenuItem>
          ))}
        </Menu>
      </Popover>
    </MenuTrigger>
  )
}
