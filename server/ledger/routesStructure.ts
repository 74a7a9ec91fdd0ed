import { randomUUID } from 'node:crypto'
import { Category, CategoryGroup, SavedFilter, Target } from '../../schemas/budget.ts'
import { budgetError } from '../../schemas/budgetErrors.ts'
import { CategoryGroupId, CategoryId, FilterId, TargetId } from '../../schemas/ids.ts'
import {
  BudgetParams,
  CategoryGroupList,
  CategoryGroupParams,
  CategoryList,
  CategoryParams,
  CreateCategoryBody,
  CreateCategoryGroupBody,
  CreateFilterBody,
  Deleted,
  FilterParams,
  MoveToQuery,
  OrderCategoriesBody,
  OrderGroupsBody,
  SaveFilterBody,
  SetTargetBody,
  UpdateCategoryBody,
  UpdateCategoryGroupBody,
} from '../../schemas/ledgerApi.ts'
import { defineRoute } from '../http/route.ts'
import { addressed, found, runCommand } from './http.ts'

const deleted = () => ({ deleted: true as const })

export const structureRoutes = [
  defineRoute({
    method: 'POST',
    path: '/api/budget/:budgetId/category-groups',
    operationId: 'createCategoryGroup',
    summary: 'Create a category group',
    tags: ['categories'],
    params: BudgetParams,
    body: CreateCategoryGroupBody,
    responses: { 201: { description: 'The new group.', schema: CategoryGroup } },
    handler: async ({ params, body, request }) => {
      const categoryGroupId = body.id ?? CategoryGroupId.make(randomUUID())
      return runCommand(request, params.budgetId, {
        status: 201,
        commands: (meta) => [{ _tag: 'CreateCategoryGroup', ...meta(0), categoryGroupId, name: body.name }],
        answer: (after) => found(after.groups.get(categoryGroupId), 'group'),
      })
    },
  }),
  defineRoute({
    method: 'PUT',
    path: '/api/budget/:budgetId/category-groups/:categoryGroupId',
    operationId: 'updateCategoryGroup',
    summary: 'Rename or hide a category group',
    tags: ['categories'],
    params: CategoryGroupParams,
    body: UpdateCategoryGroupBody,
    responses: { 200: { description: 'The group.', schema: CategoryGroup } },
    handler: async ({ params, body, request }) => {
      const { categoryGroupId } = params
      return runCommand(request, params.budgetId, {
        status: 200,
        batch: true,
        commands: (meta) => [
          ...(body.name === undefined
            ? []
            : [{ _tag: 'RenameCategoryGroup' as const, ...meta(0), categoryGroupId, name: body.name }]),
          ...(body.hidden === undefined
            ? []
            : [
                { _tag: 'SetCategoryGroupHidden' as const, ...meta(1), categoryGroupId, hidden: body.hidden },
              ]),
        ],
        answer: (after) =>
          addressed(after.groups.get(categoryGroupId), () =>
            budgetError('CategoryGroupNotFound', { categoryGroupId }),
          ),
      })
    },
  }),
  defineRoute({
    method: 'DELETE',
    path: '/api/budget/:budgetId/category-groups/:categoryGroupId',
    operationId: 'deleteCategoryGroup',
    summary: 'Delete a category group, moving its money and transactions to ?moveToCategoryId',
    tags: ['categories'],
    params: CategoryGroupParams,
    query: MoveToQuery,
    responses: { 200: { description: 'Deleted.', schema: Deleted } },
    handler: async ({ params, query, request }) =>
      runCommand(request, params.budgetId, {
        status: 200,
        commands: (meta) => [
          {
            _tag: 'DeleteCategoryGroup',
            ...meta(0),
            categoryGroupId: params.categoryGroupId,
            moveToCategoryId: query.moveToCategoryId,
          },
        ],
        answer: deleted,
      }),
  }),
  defineRoute({
    method: 'PUT',
    path: '/api/budget/:budgetId/category-groups',
    operationId: 'reorderCategoryGroups',
    summary: 'Put every category group in this order',
    tags: ['categories'],
    params: BudgetParams,
    body: OrderGroupsBody,
    responses: { 200: { description: 'The groups in order.', schema: CategoryGroupList } },
    handler: async ({ params, body, request }) =>
      runCommand(request, params.budgetId, {
        status: 200,
        commands: (meta) => [
          { _tag: 'ReorderCategoryGroups', ...meta(0), categoryGroupIds: body.categoryGroupIds },
        ],
        answer: (after) => [...after.groups.values()].sort((a, b) => a.position - b.position),
      }),
  }),
  defineRoute({
    method: 'PUT',
    path: '/api/budget/:budgetId/category-groups/:categoryGroupId/categories',
    operationId: 'reorderCategories',
    summary: 'Place these categories, in order, in the group (moving them there if needed)',
    tags: ['categories'],
    params: CategoryGroupParams,
    body: OrderCategoriesBody,
    responses: { 200: { description: 'The categories of the group in order.', schema: CategoryList } },
    handler: async ({ params, body, request }) =>
      runCommand(request, params.budgetId, {
        status: 200,
        commands: (meta) => [
          {
            _tag: 'ReorderCategories',
            ...meta(0),
            categoryGroupId: params.categoryGroupId,
            categoryIds: body.categoryIds,
          },
        ],
        answer: (after) =>
          [...after.categories.values()]
            .filter((category) => category.categoryGroupId === params.categoryGroupId)
            .sort((a, b) => a.position - b.position),
      }),
  }),
  defineRoute({
    method: 'POST',
    path: '/api/budget/:budgetId/categories',
    operationId: 'createCategory',
    summary: 'Create a category in a group',
    tags: ['categories'],
    params: BudgetParams,
    body: CreateCategoryBody,
    responses: { 201: { description: 'The new category.', schema: Category } },
    handler: async ({ params, body, request }) => {
      const { id, ...fields } = body
      const categoryId = id ?? CategoryId.make(randomUUID())
      return runCommand(request, params.budgetId, {
        status: 201,
        commands: (meta) => [{ _tag: 'CreateCategory', ...meta(0), categoryId, ...fields }],
        answer: (after) => found(after.categories.get(categoryId), 'category'),
      })
    },
  }),
  defineRoute({
    method: 'PUT',
    path: '/api/budget/:budgetId/categories/:categoryId',
    operationId: 'updateCategory',
    summary: 'Rename, hide or re-class a category',
    tags: ['categories'],
    params: CategoryParams,
    body: UpdateCategoryBody,
    responses: { 200: { description: 'The category.', schema: Category } },
    handler: async ({ params, body, request }) => {
      const { categoryId } = params
      return runCommand(request, params.budgetId, {
        status: 200,
        batch: true,
        commands: (meta) => [
          ...(body.name === undefined
            ? []
            : [{ _tag: 'RenameCategory' as const, ...meta(0), categoryId, name: body.name }]),
          ...(body.hidden === undefined
            ? []
            : [{ _tag: 'SetCategoryHidden' as const, ...meta(1), categoryId, hidden: body.hidden }]),
          ...(body.spendingClass === undefined
            ? []
            : [
                {
                  _tag: 'SetCategorySpendingClass' as const,
                  ...meta(2),
                  categoryId,
                  spendingClass: body.spendingClass,
                },
              ]),
        ],
        answer: (after) =>
          addressed(after.categories.get(categoryId), () => budgetError('CategoryNotFound', { categoryId })),
      })
    },
  }),
  defineRoute({
    method: 'DELETE',
    path: '/api/budget/:budgetId/categories/:categoryId',
    operationId: 'deleteCategory',
    summary: 'Delete a category, moving its money and transactions to ?moveToCategoryId',
    tags: ['categories'],
    params: CategoryParams,
    query: MoveToQuery,
    responses: { 200: { description: 'Deleted.', schema: Deleted } },
    handler: async ({ params, query, request }) =>
      runCommand(request, params.budgetId, {
        status: 200,
        commands: (meta) => [
          {
            _tag: 'DeleteCategory',
            ...meta(0),
            categoryId: params.categoryId,
            moveToCategoryId: query.moveToCategoryId,
          },
        ],
        answer: deleted,
      }),
  }),
  defineRoute({
    method: 'PUT',
    path: '/api/budget/:budgetId/categories/:categoryId/target',
    operationId: 'setTarget',
    summary: 'Set (or replace) the target of a category',
    tags: ['targets'],
    params: CategoryParams,
    body: SetTargetBody,
    responses: { 200: { description: 'The target.', schema: Target } },
    handler: async ({ params, body, request }) =>
      runCommand(request, params.budgetId, {
        status: 200,
        commands: (meta) => [
          {
            _tag: 'SetTarget',
            ...meta(0),
            targetId: TargetId.make(randomUUID()),
            categoryId: params.categoryId,
            ...body,
          },
        ],
        answer: (after) => found(after.targets.get(params.categoryId), 'target'),
      }),
  }),
  defineRoute({
    method: 'DELETE',
    path: '/api/budget/:budgetId/categories/:categoryId/target',
    operationId: 'removeTarget',
    summary: 'Remove the target of a category',
    tags: ['targets'],
    params: CategoryParams,
    responses: { 200: { description: 'Removed.', schema: Deleted } },
    handler: async ({ params, request }) =>
      runCommand(request, params.budgetId, {
        status: 200,
        commands: (meta) => [{ _tag: 'RemoveTarget', ...meta(0), categoryId: params.categoryId }],
        answer: deleted,
      }),
  }),
  defineRoute({
    method: 'POST',
    path: '/api/budget/:budgetId/filters',
    operationId: 'saveFilter',
    summary: 'Save a transaction filter or a statistics view',
    tags: ['filters'],
    params: BudgetParams,
    body: CreateFilterBody,
    responses: { 201: { description: 'The filter.', schema: SavedFilter } },
    handler: async ({ params, body, request }) => {
      const { id, ...fields } = body
      const filterId = id ?? FilterId.make(randomUUID())
      return runCommand(request, params.budgetId, {
        status: 201,
        commands: (meta) => [{ _tag: 'SaveFilter', ...meta(0), filterId, ...fields }],
        answer: (after) => found(after.filters.get(filterId), 'filter'),
      })
    },
  }),
  defineRoute({
    method: 'PUT',
    path: '/api/budget/:budgetId/filters/:filterId',
    operationId: 'updateFilter',
    summary: 'Replace a saved filter or view',
    tags: ['filters'],
    params: FilterParams,
    body: SaveFilterBody,
    responses: { 200: { description: 'The filter.', schema: SavedFilter } },
    handler: async ({ params, body, request }) =>
      runCommand(request, params.budgetId, {
        status: 200,
        commands: (meta) => [{ _tag: 'SaveFilter', ...meta(0), filterId: params.filterId, ...body }],
        answer: (after) => found(after.filters.get(params.filterId), 'filter'),
      }),
  }),
  defineRoute({
    method: 'DELETE',
    path: '/api/budget/:budgetId/filters/:filterId',
    operationId: 'deleteFilter',
    summary: 'Delete a saved filter',
    tags: ['filters'],
    params: FilterParams,
    responses: { 200: { description: 'Deleted.', schema: Deleted } },
    handler: async ({ params, request }) =>
      runCommand(request, params.budgetId, {
        status: 200,
        commands: (meta) => [{ _tag: 'DeleteFilter', ...meta(0), filterId: params.filterId }],
        answer: deleted,
      }),
  }),
]
