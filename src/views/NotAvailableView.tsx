import { Outlet } from '@tanstack/react-router'
import { NotAvailable } from '../components/NotAvailable.tsx'

/** Route view of every page not built yet; the shell shows its header. The outlet hosts dialog routes. */
export default function NotAvailableView() {
  return (
    <>
      <NotAvailable />
      <Outlet />
    </>
  )
}
